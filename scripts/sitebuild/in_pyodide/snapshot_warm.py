
import gc, importlib, os, sys
if "" not in sys.path:
    sys.path.insert(0, "")
import svgwrite
base = os.path.dirname(svgwrite.__path__[0])
for folder, _, files in sorted(os.walk(svgwrite.__path__[0])):
    for f in sorted(files):
        if f.endswith(".py") and f != "__init__.py":
            importlib.import_module(os.path.relpath(os.path.join(folder, f[:-3]), base).replace(os.sep, "."))
d = svgwrite.Drawing(size=("100%", "100%"), debug=False, profile="full")
g = d.add(d.g(class_="x", transform="translate(1,2) rotate(30)"))
g.add(d.rect((0, 0), (10, 10), fill="#abc", stroke="rgb(1,2,3)", stroke_width=1.5, rx=2, opacity=0.5))
g.add(d.circle((5, 5), 4, fill="none", stroke_dasharray="2 1"))
g.add(d.line((0, 0), (3, 4), stroke="black"))
g.add(d.polygon([(0, 0), (1, 1), (2, 0)], fill="red"))
g.add(d.path(d="M0 0L1 1Z", fill="url(#p)"))
g.add(d.text("x", insert=(1, 2), font_size=12, text_anchor="middle"))
g.add(d.use("#p", insert=(1, 1)))
d.defs.add(d.linearGradient(id="lg"))
d.tostring()
del d, g, folder, files, f, base
gc.collect()
