import random, time
from harness import *

def test_speed(page, base_url):
    t0 = time.time()
    open_app(page, base_url, clear=True)
    t1 = time.time()
    start_game(page, "armadora", ["Ana", "Bruno"], {"rules": "basic"}, seed=7)
    s = mirror(page)
    t2 = time.time()
    rnd = random.Random(1)
    for i in range(12):
        moves = s.legal()
        ws = [m for m in moves if m.text.startswith("W")]
        m = rnd.choice(ws or moves)
        a = time.time()
        play_move(page, s, m)
        print(i, m.text, round(time.time() - a, 2))
    print("load", t1 - t0, "start", t2 - t1)
