"""``python -m d20combat``: the same as the ``d20combat`` console script."""

from d20combat.cli import main

if __name__ == "__main__":
    main()
