"""Reports people read and file: the Markdown and HTML reports, the math report (PAR sheet) as
PDF and XLSX, the strategy card, plots; rendered from the result tables."""
