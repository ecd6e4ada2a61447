"""The shuffle is fair, measured: over 100,000 seeded deals every tile is equally likely in each
hand and at each place of the boneyard (chi-square, p > 0.001), and the leaders come as the rules
say. Also the commitment and reveal: a revealed seed deals every round of its record again."""

from __future__ import annotations

import hashlib
import json
import math
import secrets

import pytest

from allthrees import cli
from allthrees.match import Match, commitment, seed_hex
from allthrees.record import to_record
from allthrees.rules import Rules

DEALS = 100_000


def chi2_p(stat: float, df: int) -> float:
    """P(X >= stat) for chi-square with ``df`` degrees of freedom: the regularized upper
    incomplete gamma function Q(df/2, stat/2) (a series below a + 1, a continued fraction above)."""
    a, x = df / 2, stat / 2
    if x <= 0:
        return 1.0
    lead = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        term = total = 1 / a
        n = a
        while term > total * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - lead * total
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = b + an / c
        c = c if abs(c) > 1e-300 else 1e-300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return lead * h


def test_the_chi_square_tail_is_right():
    assert chi2_p(3.841, 1) == pytest.approx(0.05, abs=1e-3)
    assert chi2_p(18.307, 10) == pytest.approx(0.05, abs=1e-3)
    assert chi2_p(10.0, 10) == pytest.approx(0.4405, abs=1e-3)
    assert chi2_p(500.0, 420) == pytest.approx(0.0045, rel=0.2)


def positions_table(rules: Rules, deals: int, base: int) -> tuple[list[list[int]], list[int]]:
    """counts[tile][place] over ``deals`` seeded matches (place: a hand, then each boneyard
    position), and how often each seat led."""
    k, n = rules.hand_size, rules.players
    places = n + rules.tile_count - n * k
    counts = [[0] * places for _ in range(rules.tile_count)]
    leaders = [0] * n
    for i in range(deals):
        deal = Match(rules, seed=base + i).deal()
        for seat, hand in enumerate(deal.hands):
            for t in hand:
                counts[t][seat] += 1
        for pos, t in enumerate(deal.boneyard):
            counts[t][n + pos] += 1
        leaders[deal.first] += 1
    return counts, leaders


def test_every_tile_is_equally_likely_in_each_hand_and_each_boneyard_place():
    rules = Rules.make("parlor")
    counts, leaders = positions_table(rules, DEALS, base=10**12)
    n, k, tiles = rules.players, rules.hand_size, rules.tile_count
    expected = [DEALS * k / tiles] * n + [DEALS / tiles] * (tiles - n * k)
    stat = sum((c - e) ** 2 / e for row in counts for c, e in zip(row, expected, strict=True))
    df = (tiles - 1) * (len(expected) - 1)  # a contingency table: rows and columns both fixed
    p = chi2_p(stat, df)
    worst = min(
        chi2_p(sum((c - e) ** 2 / e for c, e in zip(row, expected, strict=True)), len(row) - 1)
        for row in counts
    )
    print(f"\nshuffle: chi-square {stat:.1f} on {df} df, p = {p:.3f}; worst tile p = {worst:.4f}")
    assert p > 0.001
    # parlor: the highest double's holder leads; with 2 players either seat is as likely
    assert chi2_p(sum((x - DEALS / 2) ** 2 / (DEALS / 2) for x in leaders), 1) > 0.001


@pytest.mark.parametrize("preset", ["classic", "polish"])
def test_lots_give_every_seat_the_same_chance_to_lead(preset):
    rules = Rules.make(preset, players=4)
    _, leaders = positions_table(rules, 20_000, base=7 * 10**12)
    e = 20_000 / 4
    assert chi2_p(sum((x - e) ** 2 / e for x in leaders), 3) > 0.001


def test_a_seed_is_committed_to_and_its_deals_can_be_checked(tmp_path, capsys):
    seed = secrets.randbits(256)
    assert commitment(seed) == hashlib.sha256(bytes.fromhex(seed_hex(seed))).hexdigest()
    match = Match(Rules.make("parlor", target=61), seed=seed)
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            match.apply(rnd.legal_moves()[0])
    record = to_record(match) | {"seed": seed_hex(seed), "commitment": commitment(seed)}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    assert cli.main(["verify", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["rounds"] == len(match.rounds)

    wrong_seed = {**record, "seed": seed_hex(seed ^ 1)}
    path.write_text(json.dumps(wrong_seed))
    assert cli.main(["verify", str(path)]) == 2
    assert "does not match the commitment" in capsys.readouterr().err

    swapped = json.loads(json.dumps(record))
    hands = swapped["rounds"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(swapped))
    assert cli.main(["verify", str(path)]) == 2
    assert "not the one its seed deals" in capsys.readouterr().err

    path.write_text(json.dumps({k: v for k, v in record.items() if k != "seed"}))
    assert cli.main(["verify", str(path)]) == 2
    assert "reveals no seed" in capsys.readouterr().err


def test_the_cli_cuts_echoed_values_and_names_where_a_long_number_is(tmp_path, capsys):
    long_move = {"hands": [["6-6"], ["6-5"]], "boneyard": [], "moves": ["x" * 5000]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"rules": "pub", "options": {"hand_size": 1}, **long_move}))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err) < 300, err
    path.write_text('{"rules": "pub", "moves": [' + "9" * 5000 + "]}")
    assert cli.main(["replay", str(path)]) == 2
    assert "a number of 5000 digits at character 27" in capsys.readouterr().err
    path.write_bytes(b'{"rules": "\xff\xfe"}')
    assert cli.main(["verify", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err
