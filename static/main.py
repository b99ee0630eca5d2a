import js

js.performance.mark("plateau:main")
from plateau.web.app import main  # noqa: E402

js.performance.mark("plateau:imported")
app = main()
js.performance.mark("plateau:drawn")
