"""Explore a game in the browser: every pay line and rule switch of a rule set as a control,
every bet's exact figures recomputed on each change (:mod:`crazy4.explore.session`, on the
design engine), drawn in Jupyter widgets (:mod:`crazy4.explore.page`)."""
