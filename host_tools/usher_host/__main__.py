import sys

from usher_host.cli import main

sys.exit(main())
