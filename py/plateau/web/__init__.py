"""The browser side of Plateau: the only package that imports ``js``.

``session``, ``store`` and ``markdown``'s parser are pure Python (tested
natively); ``app`` and ``dom`` drive the page through Pyodide.
"""
