"""The home screen as static HTML, drawn before Python runs
(templates/home.html, templates/home-card.html)."""

from __future__ import annotations

import html
import string
from pathlib import Path

HERE = Path(__file__).resolve().parent


def esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def home_html(pre: dict, pictures: dict[str, str]) -> str:
    """The home screen as static HTML, drawn before Python runs: the header,
    a card per game of the registry (its picture, its name, its player
    count, its buttons, disabled until the app is live). French, with the
    English beside it in ``data-en`` (boot.js switches). Python redraws the
    screen, live, when it is ready."""
    if not pre:
        return ""
    fr, en = pre["text"]["fr"], pre["text"]["en"]

    def t(key: str, tag: str, attrs: str = "", **kw) -> str:
        a, b = fr[key].format(**kw), en[key].format(**kw)
        return f'<{tag}{attrs} data-en="{esc(b)}">{esc(a)}</{tag}>'

    new_btn = t("home.new", "button", ' type="button" class="primary" disabled data-action="new"')
    rules_btn = t("home.rules", "button", ' type="button" disabled data-action="rules"')
    card = template("home-card.html")
    cards = []
    for gid, g in pre["games"].items():
        n, m = g["min_players"], g["max_players"]
        players = (t("home.players.fixed", "p", ' class="meta"', n=n) if n == m
                   else t("home.players", "p", ' class="meta"', min=n, max=m))
        title_fr = g["title"].get("fr", gid)
        pitch = g.get("pitch") or {}
        dur = (g.get("duration") or {}).get("fr", "")
        cards.append(card.substitute(
            gid=esc(gid), picture=f'<div class="card-picture">{pictures[gid]}</div>' if gid in pictures else "",
            title_en=esc(g["title"].get("en", title_fr)), title_fr=esc(title_fr),
            pitch=(f'<p class="pitch" data-en="{esc(pitch.get("en", pitch.get("fr", "")))}">'
                   f'{esc(pitch.get("fr", ""))}</p>' if pitch else ""),
            players=players, duration=f'<p class="meta duration">{esc(dur)}</p>' if dur else "",
            new=new_btn, rules=rules_btn))
    return template("home.html").substitute(
        title=esc(fr["app.title"]), lang=t("nav.lang", "button", ' type="button" class="lang" disabled'),
        tagline=t("app.tagline", "p", ' class="tagline"'), heading=t("home.games", "h2"), cards="".join(cards))


def template(name: str) -> string.Template:
    """The HTML template ``templates/<name>`` (``$name`` for what is filled in,
    escaped by the caller)."""
    return string.Template((HERE / "templates" / name).read_text(encoding="utf-8").strip())
