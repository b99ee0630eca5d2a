
import importlib, sys
if "" not in sys.path:
    sys.path.insert(0, "")
for name in NAMES.split():
    importlib.import_module(name)
sys.modules["plateau"].__bundle__ = BUNDLE
del importlib, name
