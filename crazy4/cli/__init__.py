"""The command line: one module a command group, each parsing its options, refusing bad input in
one line (exit status 2) and calling the engines; the console script's entry."""
