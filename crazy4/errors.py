"""User-facing errors.

Every problem caused by what a user typed or wrote (a card string, a rule file, an output
path) is raised as :class:`InputError`. The command-line interface turns it into one line on
standard error and exit status 2; nothing else reaches the user as a traceback.
"""

from __future__ import annotations


class InputError(ValueError):
    """A problem with user input, reported as one clear line.

    Parameters
    ----------
    message : str
        What is wrong and where (file, key, card), phrased for the user.

    Examples
    --------
    >>> str(InputError("card 'Zz': unknown rank 'Z'"))
    "card 'Zz': unknown rank 'Z'"
    """
