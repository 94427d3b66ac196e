"""Save a screenshot of every screen into a directory: ``python tools/tour.py DIR``.

The same as ``python -m game --tour DIR``; runs headless (dummy video and audio drivers).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.__main__ import main  # noqa: E402

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/tour.py DIR")
    sys.exit(main(["--tour", sys.argv[1]]))
