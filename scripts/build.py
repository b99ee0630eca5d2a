"""Assemble the publishable site into ``site/``: the build's stages are the
modules of ``scripts/sitebuild/`` (its ``__init__`` lists them).

    python3 scripts/build.py [--out site] [--label NAME] [--bench]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitebuild.run import main  # noqa: E402

if __name__ == "__main__":
    main()
