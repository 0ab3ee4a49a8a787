"""Reports people read and file: the analysis record and its Markdown report
(:mod:`crazy4.analyze.record`), one hand's listing (:mod:`crazy4.report.hand`), the HTML
report, the math report (PAR sheet) as PDF and XLSX, the strategy card, plots; rendered from
the result tables."""
