"""PHH reading and writing, against every hand in the shared PHH sample and hand-made texts."""

from __future__ import annotations

import datetime
import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tableside.cards import parse_card
from tableside.engine.events import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Show,
)
from tableside.phh import (
    PHHAction,
    PHHError,
    PHHRecord,
    action_to_event,
    actions_to_events,
    event_to_action,
    fasttoml,
    iter_phh_files,
    parse_action,
    parse_phh_text,
    read_phh,
    write_phh,
    write_phhs,
)
from tableside.phh.actions import clear_action_cache
from tableside.phh.events import event_of

PHH_ROOT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh"
FILE_COUNT = 3081
VARIANT_COUNTS = {
    "NT": 3040,  # 3,034 Pluribus hands, five WSOP hands, Dwan-Ivey
    "F7S": 8,
    "FO/8": 6,
    "PO": 5,
    "F2L3D": 5,
    "FR": 5,
    "N2L1D": 4,
    "FT": 3,
    "F7S/8": 3,
    "FB": 1,  # the Wikipedia badugi hand
    "NS": 1,  # Phua-Xuan, short deck
}
FAMOUS = {
    "alice-carol-wikipedia.phh",
    "antonius-blom-2009.phh",
    "arieh-yockey-2019.phh",
    "dwan-ivey-2009.phh",
    "phua-xuan-2019.phh",
}
EVENT_TYPES = {
    "dh": DealHole, "db": DealBoard, "f": Fold, "cc": CheckCall, "cbr": BetRaise,
    "pb": BringIn, "sd": Discard, "sm": Show,
}
C = parse_card

HEADER_NT = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
"""


@pytest.fixture(scope="module")
def corpus() -> dict[Path, list[PHHRecord]]:
    if not PHH_ROOT.is_dir():
        pytest.fail(
            f"the PHH sample is missing: expected {PHH_ROOT} "
            "(the shared/ folder beside the repository checkout)"
        )
    return {path: read_phh(path) for path in iter_phh_files(PHH_ROOT)}


@pytest.fixture(scope="module")
def records(corpus: dict[Path, list[PHHRecord]]) -> list[PHHRecord]:
    return [record for hands in corpus.values() for record in hands]


def one(text: str) -> PHHRecord:
    (record,) = parse_phh_text(text, source="test.phh")
    return record


# --- the shared sample -------------------------------------------------------------------


def test_every_file_parses_to_one_hand(corpus):
    assert len(corpus) == FILE_COUNT
    assert all(len(hands) == 1 for hands in corpus.values())
    assert all(hands[0].source == str(path) for path, hands in corpus.items())
    assert all(hands[0].index is None for hands in corpus.values())


def test_counts_per_variant(records):
    assert Counter(record.variant for record in records) == VARIANT_COUNTS


def test_only_the_famous_hands_lack_finishing_stacks(records):
    lacking = {Path(r.source).name for r in records if r.finishing_stacks is None}
    assert lacking == FAMOUS


def test_float_amounts_stay_floats(corpus):
    (blom,) = corpus[PHH_ROOT / "antonius-blom-2009.phh"]
    assert blom.starting_stacks == (1259450.25, 678473.5)
    (split,) = corpus[PHH_ROOT / "pluribus" / "41b" / "204.phh"]
    # A split pot with half chips; the whole numbers are floats too, as written.
    assert split.finishing_stacks == (10162.5, 9900.0, 10000.0, 10162.5, 10000.0, 9775.0)
    assert all(type(stack) is float for stack in split.finishing_stacks)
    assert all(type(stack) is int for stack in split.starting_stacks)


def test_fields_of_a_pluribus_hand(corpus):
    (hand,) = corpus[PHH_ROOT / "pluribus" / "41b" / "204.phh"]
    assert (hand.variant, hand.min_bet, hand.bring_in) == ("NT", 100, None)
    assert hand.blinds_or_straddles == (50, 100, 0, 0, 0, 0)
    assert hand.ante_trimming_status is True
    assert hand.extra == {
        "hand": 204,
        "players": ["ORen", "Hattori", "MrBlue", "Bill", "MrOrange", "Pluribus"],
    }
    first = hand.actions[0]
    assert first == PHHAction(
        text="d dh p1 KsQs", actor=None, code="dh", dealee=0, cards=(C("Ks"), C("Qs"))
    )


def test_every_action_maps_to_an_event(records):
    for record in records:
        events = actions_to_events(record.actions)
        assert len(events) == len(record.actions), record.source
        for action, event in zip(record.actions, events, strict=True):
            assert type(event) is EVENT_TYPES[action.code], (record.source, action.text)
            assert action_to_event(action) == event


def test_events_made_while_reading_are_the_events_of_the_actions(records):
    for record in records:
        for action in record.actions:
            if action.event is not None:
                assert action.event == action_to_event(action), (record.source, action.text)


def test_everyday_actions_read_as_the_general_reader_reads_them(records):
    # A commentary sends an action down the general path; the quick path for the everyday
    # actions must give the same action and event.
    texts = {action.text for record in records for action in record.actions}
    texts |= {"p1 sd", "p2 sm", "p3 sd 7h2c", "p10 cbr 5", "p1 cbr 007", "d db ??7h8c",
              "d dh p2 ????", " p1\tcc ", "p99 f", "p100 f"}
    for text in texts:
        quick = parse_action(text)
        general = parse_action(f"{text} # noted")
        assert quick._replace(text=general.text, commentary="noted") == general, text
        if not quick.as_dealt and "??" not in text.split()[-1]:
            assert event_of(quick) == action_to_event(general), text


def test_actions_read_again_after_the_cache_is_cleared(records):
    some = records[:50]
    before = [record.actions for record in some]
    clear_action_cache()
    again = [parse_phh_text(write_phh(record))[0].actions for record in some]
    assert again == before
    assert [a.event for actions in again for a in actions] == [
        a.event for actions in before for a in actions]


def test_fast_toml_reads_every_file_as_tomllib_does(corpus):
    for path in corpus:
        text = path.read_text(encoding="utf-8")
        assert fasttoml.loads(text) == tomllib.loads(text), path


# Documents at the edge of the subset the fast reader takes: what it reads, tomllib must read
# the same; what tomllib refuses, it must refuse too.
EDGE_DOCUMENTS = [
    "a = [1,2]\n", "a = [ 1 , 2 , ]\n", "a = [01]\n", "a = [1 2]\n", "a = [-0, +7]\n",
    "a = 1_000\n", "a = 1__000\n", "a = 1_\n", "a = 1.5_0\n", "a = 1e06\n", "a = 1.\n",
    "a = .5\n", "a = 0x1F\n", "a = inf\n", "a = ['x', 'y',]\n", "a = ['x'\r, 'y']\n",
    "a = ['x',\r\n 'y']\n", "a = 1\r", "a = 1\r\n", "a = 'tab\there'\n", "a = 'bell\x07'\n",
    "a = \"q\\\"\"\n", "a = 'x' # note\n", "# note\na = 1\n", "a = ['#', 'b']\n",
    "a = [1, # note\n 2]\n", "a = ['x]', 'y']\n", "a = []\n", "a = [[1]]\n", "a = 1\na = 2\n",
    "[1]\na = 1\n[1]\nb = 2\n", "a = 1\n[a]\n", "[ 1 ]\n", "1a = 2\n", "a = true\n",
    "a = truex\n", "a = '\u00e9'\n", "a = [1.5, 2]\n", "a = [\n  'x',\n  'y',\n]\n", "",
    "\n\n", "a = 1\n\n\nb = 'c'",
]


def _toml_outcome(load, text):
    try:
        return load(text)
    except tomllib.TOMLDecodeError:
        return "invalid"


@pytest.mark.parametrize("text", EDGE_DOCUMENTS)
def test_fast_toml_agrees_with_tomllib_at_the_edges(text):
    assert _toml_outcome(fasttoml.loads, text) == _toml_outcome(tomllib.loads, text)


def test_fast_toml_agrees_with_tomllib_on_damaged_files(corpus):
    # Files with a few characters inserted, dropped or replaced, many of them near misses of
    # the subset (seeded: the same documents every run).
    pieces = [*"[]'\",#=_.-+e0 \t\n\r\x7f", ", ", "', '", "\n[1]\n", "1_0", "inf"]
    sources = [path.read_text(encoding="utf-8") for path in list(corpus)[::300]]
    chance = random.Random(3)
    for _ in range(3000):
        text = chance.choice(sources)
        for _ in range(chance.randint(1, 3)):
            at = chance.randrange(len(text) + 1)
            cut = chance.choice([0, 1, 2])
            text = text[:at] + chance.choice(pieces) * (cut != 2) + text[at + cut:]
        assert _toml_outcome(fasttoml.loads, text) == _toml_outcome(tomllib.loads, text), text


def test_round_trip_of_every_file(records):
    for record in records:
        text = write_phh(record)
        assert parse_phh_text(text, source=record.source) == [record], record.source


def test_the_whole_sample_round_trips_as_one_phhs(records):
    assert parse_phh_text(write_phhs(records)) == records


# --- actions -----------------------------------------------------------------------------


def test_action_parts():
    action = parse_action("  p3   cbr 600   # a big raise ")
    assert (action.actor, action.code, action.amount) == (2, "cbr", 600)
    assert action.commentary == "a big raise"
    assert action.text == "  p3   cbr 600   # a big raise "
    assert parse_action("p1 cbr 10.5").amount == 10.5
    assert parse_action("d dh p2 As??").cards == (C("As"), None)
    assert parse_action("d db 7h8c2d").cards == (C("7h"), C("8c"), C("2d"))
    assert parse_action("p2 sd").cards is None
    assert parse_action("p2 sm").cards is None
    assert parse_action("p2 sm -").as_dealt
    noop = parse_action("# burn card 6s exposed")
    assert noop.is_noop and noop.commentary == "burn card 6s exposed"
    assert parse_action("").is_noop and parse_action("   ").commentary is None


def test_events_of_each_code():
    cases = {
        "d dh p1 ????": DealHole(0, (None, None)),
        "d dh p3 AsKd": DealHole(2, (C("As"), C("Kd"))),
        "d db 7h8c2d": DealBoard((C("7h"), C("8c"), C("2d"))),
        "p2 f": Fold(1),
        "p2 cc": CheckCall(1),
        "p2 cbr 600": BetRaise(1, 600),
        "p2 cbr 600.0": BetRaise(1, 600),
        "p1 pb": BringIn(0),
        "p4 sd 7h2c": Discard(3, (C("7h"), C("2c"))),
        "p4 sd": Discard(3, ()),
        "p1 sm AsKd": Show(0, (C("As"), C("Kd"))),
        "p1 sm": Show(0, None),
    }
    for text, event in cases.items():
        assert action_to_event(parse_action(text)) == event, text
        assert action_to_event(event_to_action(event)) == event, text


def test_event_to_action_writes_canonical_text():
    assert event_to_action(DealHole(0, (C("As"), None))).text == "d dh p1 As??"
    assert event_to_action(Discard(1, ())).text == "p2 sd"
    assert event_to_action(Show(1, None), "mucks").text == "p2 sm # mucks"


def test_show_as_dealt_follows_the_draws():
    actions = [
        parse_action(text)
        for text in ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p1 sd", "p2 sd AsQs",
                     "d dh p2 2hQh", "p1 sm -", "p2 sm -"]
    ]
    events = actions_to_events(actions)
    assert events[-2] == Show(0, tuple(map(C, ["7h", "6c", "4c", "3d", "2c"])))
    assert events[-1] == Show(1, tuple(map(C, ["6s", "5c", "3c", "2h", "Qh"])))
    with pytest.raises(PHHError, match="'p1 sm -'"):
        action_to_event(actions[-2])


def test_noops_have_no_event_and_are_skipped():
    actions = [parse_action(text) for text in ["d dh p1 AsKd", "# a comment", "", "p1 f"]]
    assert actions_to_events(actions) == [DealHole(0, (C("As"), C("Kd"))), Fold(0)]
    with pytest.raises(PHHError, match="no-op"):
        action_to_event(actions[1])


def test_events_refuse_what_the_engine_cannot_take():
    with pytest.raises(PHHError, match="whole-chip"):
        action_to_event(parse_action("p1 cbr 10.5"))
    with pytest.raises(PHHError, match="board cards must be known"):
        action_to_event(parse_action("d db ??7h8c"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p1 sn", "unknown action code 'sn'"),
        ("p1", "expected an actor and an action code"),
        ("x1 f", "'x1' is not an actor"),
        ("p0 f", "'p0' is not an actor"),
        ("d f", "the dealer cannot fold"),
        ("p1 db AsKd", "only the dealer d can deal board cards"),
        ("p1 cbr", "cbr takes an amount, got nothing"),
        ("p1 cbr ten", "'ten' is not an amount"),
        ("p1 cbr -5", "'-5' is not an amount"),
        ("p1 cbr 0", "more than zero"),
        ("p1 f now", "f takes no argument"),
        ("d dh AsKd", "dh takes a player and cards"),
        ("d dh p1 AsK", "'AsK' is not a list of two-character cards"),
        ("d dh p1 As1x", "'1x' is not a card"),
        ("d dh p1 asKd", "'as' is not a card"),
        ("d dh p1 A?Kd", "'A\\?' is not a card"),
        ("d db AsAs", "As appears twice"),
        ("p1 sd As Kd", "sd takes optional cards"),
    ],
)
def test_malformed_actions_are_named(text, message):
    with pytest.raises(PHHError, match=message) as error:
        parse_action(text)
    assert repr(text) in str(error.value)


# --- records and files -------------------------------------------------------------------


def test_record_errors_name_the_file_and_the_problem():
    with pytest.raises(PHHError, match=r"test\.phh: missing required field 'min_bet' \(variant NT"):
        one(HEADER_NT.replace("min_bet = 2\n", "") + "actions = []")
    with pytest.raises(PHHError, match=r"test\.phh: missing required field 'variant'"):
        one("antes = [0, 0]\nstarting_stacks = [1, 1]\nactions = []")
    with pytest.raises(PHHError, match="'bring_in', 'small_bet', 'big_bet'"):
        one('variant = "FR"\nantes = [1, 1]\nstarting_stacks = [9, 9]\nactions = []')
    with pytest.raises(PHHError, match=r"test\.phh: actions\[1\]: bad action 'p1 cbr x'"):
        one(HEADER_NT + 'actions = ["d dh p1 AsKd", "p1 cbr x"]')
    with pytest.raises(PHHError, match=r"actions\[0\]: bad action 'd dh p1 Ax'.*'Ax' is not"):
        one(HEADER_NT + 'actions = ["d dh p1 Ax"]')
    with pytest.raises(PHHError, match=r"'p4 f': there is no p4 \(3 players\)"):
        one(HEADER_NT + 'actions = ["p4 f"]')
    with pytest.raises(PHHError, match="antes has 2 entries for 3 players"):
        one(HEADER_NT.replace("antes = [0, 0, 0]", "antes = [0, 0]") + "actions = []")
    with pytest.raises(PHHError, match="min_bet must be a number, not 'two'"):
        one(HEADER_NT.replace("min_bet = 2", 'min_bet = "two"') + "actions = []")
    with pytest.raises(PHHError, match="antes must be an array of numbers"):
        one(HEADER_NT.replace("antes = [0, 0, 0]", "antes = [0, true, 0]") + "actions = []")
    with pytest.raises(PHHError, match=r"test\.phh: not valid TOML: .*\(at line 2, column 9\)"):
        one('variant = "NT"\nantes = NT\n')


def test_unknown_fields_are_kept_in_order_and_written_back():
    text = HEADER_NT + (
        'actions = ["p3 f  # thinks long", "# rail noise", "p1 f"]\n'
        '_rail = { seen = true, note = "a \\"tell\\"\\tand\\\\more" }\n'
        "time = 21:30:00\n"
        'players = ["Zoë", "O\'Brien", "Kim \\u0007"]\n'
        "time_banks = [30.5, 30, inf]\n"
        "ante_trimming_status = false\n"
    )
    record = one(text)
    assert list(record.extra) == ["_rail", "time", "players", "time_banks"]
    assert record.extra["time"] == datetime.time(21, 30)
    assert record.actions[0].commentary == "thinks long" and record.actions[1].is_noop
    written = write_phh(record)
    assert one(written) == record
    names = [line.split(" = ")[0] for line in written.splitlines() if " = " in line]
    # The spec's order first, user-defined fields after.
    assert names == [
        "variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions",
        "time", "players", "ante_trimming_status", "time_banks", "_rail",
    ]


def test_phhs_file_holds_many_hands(tmp_path):
    text = "\n".join([
        "[1]", HEADER_NT, 'actions = ["d dh p1 AsKd", "d dh p2 ????", "d dh p3 ????",',
        '  "p3 f", "p1 cbr 6", "p2 f"]', "finishing_stacks = [202, 198, 200]", "",
        "[2]", 'variant = "FR"', "antes = [1, 1]", "bring_in = 1", "small_bet = 2",
        "big_bet = 4", "starting_stacks = [50, 50]",
        'actions = ["d dh p1 ????5h", "d dh p2 ????Kd", "p2 pb", "p1 f"]', "",
        "[7]", 'variant = "NT"', "antes = [0, 0]", "blinds_or_straddles = [1, 2]",
        "min_bet = 2", "starting_stacks = [10.5, 20]", "actions = []",
    ])
    path = tmp_path / "session.phhs"
    path.write_text(text, encoding="utf-8")
    hands = read_phh(path)
    assert [(h.index, h.variant, h.player_count) for h in hands] == [
        (1, "NT", 3), (2, "FR", 2), (7, "NT", 2)
    ]
    assert all(h.source == str(path) for h in hands)
    assert hands[0].finishing_stacks == (202, 198, 200) and hands[1].bring_in == 1
    assert actions_to_events(hands[1].actions)[-2:] == [BringIn(1), Fold(0)]
    assert hands[2].starting_stacks == (10.5, 20) and hands[2].actions == ()
    written = write_phhs(hands)
    assert written.startswith("[1]\n") and "\n[7]\n" in written
    again = parse_phh_text(written)
    assert again == hands and [h.index for h in again] == [1, 2, 7]


def test_phhs_errors_name_the_hand(tmp_path):
    path = tmp_path / "bad.phhs"
    path.write_text('[1]\nvariant = "NT"\n\n[two]\nvariant = "NT"\n', encoding="utf-8")
    with pytest.raises(PHHError, match=r"bad\.phhs: table \[two\] is not a hand number"):
        read_phh(path)
    path.write_text('[4]\nvariant = "NT"\nantes = [0, 0]\n', encoding="utf-8")
    with pytest.raises(PHHError, match=r"bad\.phhs \[4\]: missing required field"):
        read_phh(path)


def test_file_errors_name_the_file(tmp_path):
    with pytest.raises(PHHError, match=r"nowhere\.phh: cannot read it"):
        read_phh(tmp_path / "nowhere.phh")
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"variant = \"\xff\"\n")
    with pytest.raises(PHHError, match=r"binary\.phh: not UTF-8"):
        read_phh(binary)
    with pytest.raises(PHHError, match=r"missing: no such file or folder"):
        list(iter_phh_files([tmp_path / "missing"]))


def test_iter_phh_files_expands_folders_in_natural_order(tmp_path):
    for name in ["b/10.phh", "b/2.phh", "b/notes.txt", "a.phhs", "b/c/1.phh"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    single = tmp_path / "b" / "notes.txt"
    found = [p.relative_to(tmp_path).as_posix() for p in iter_phh_files([tmp_path, single])]
    assert found == ["a.phhs", "b/2.phh", "b/10.phh", "b/c/1.phh", "b/notes.txt"]
    assert list(iter_phh_files(str(single))) == [single]


def test_writing_refuses_what_toml_cannot_hold():
    record = one(HEADER_NT + "actions = []")
    broken = PHHRecord(
        variant="NT", antes=record.antes, starting_stacks=record.starting_stacks,
        actions=(), extra={"_nothing": None},
    )
    with pytest.raises(PHHError, match="cannot write None"):
        write_phh(broken)
    with pytest.raises(PHHError, match="record attributes"):
        PHHRecord(variant="NT", antes=(), starting_stacks=(), actions=(), extra={"min_bet": 2})
