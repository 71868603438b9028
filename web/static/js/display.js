// The table display: seats around the oval, the board, the pots, the clock and the showdown,
// drawn from the live public state. The page never asks for anything: the stream brings it.
import { cardRow } from "./cards.js";
import { chips, chooseLanguage, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { LiveState } from "./live.js";
import { applyPreferences, bindPreferenceButtons } from "./preferences.js";

let state = null;
let equity = null;

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// ------------------------------------------------------------------ what to show
// The hand in play, or the one just finished (kept until the next hand starts).
function shownHand(s) {
  if (s.hand) return { hand: s.hand, key: "hand" };
  if (s.last_hand && !s.last_hand.voided) return { hand: s.last_hand, key: "last_hand" };
  return { hand: null, key: null };
}

function playerName(s, seat) {
  const found = s.seats.find((x) => x.seat === seat);
  return found?.player || t("seat_n", { n: seat });
}

function stakesText(stakes) {
  if (!stakes) return "";
  const parts = [];
  if (stakes.big_blind) parts.push(t("blinds", { small: chips(stakes.small_blind), big: chips(stakes.big_blind) }));
  if (stakes.small_bet) parts.push(t("limits", { small: chips(stakes.small_bet), big: chips(stakes.big_bet) }));
  if (stakes.ante) parts.push(t("ante", { ante: chips(stakes.ante) }));
  if (stakes.bring_in) parts.push(t("bring_in", { amount: chips(stakes.bring_in) }));
  return parts.join(" · ");
}

// ------------------------------------------------------------------ geometry
// Seats sit on an ellipse around the felt, seat 1 just left of the bottom centre and the
// others clockwise, as the players sit around a real table. They are spaced by equal
// distances along the ellipse as it looks on a 16:9 screen (equal angles would crowd the
// narrow ends).
const CENTRE = { x: 50, y: 52.5 };
const RADII = { x: 41, y: 34.5 };
const ASPECT = 16 / 9; // one vw is this many vh on a 16:9 screen
const arcTable = (() => {
  const steps = 720;
  const points = [];
  let length = 0;
  let last = null;
  for (let i = 0; i <= steps; i += 1) {
    const angle = Math.PI / 2 + (i / steps) * 2 * Math.PI;
    const point = { x: Math.cos(angle) * RADII.x * ASPECT, y: Math.sin(angle) * RADII.y };
    if (last) length += Math.hypot(point.x - last.x, point.y - last.y);
    points.push({ angle, length });
    last = point;
  }
  return { points, length };
})();

function seatAngle(seat, count) {
  const wanted = ((seat - 0.5) / count) * arcTable.length;
  const found = arcTable.points.find((p) => p.length >= wanted);
  return found ? found.angle : Math.PI / 2;
}

function onEllipse(angle, scale = 1) {
  return { x: CENTRE.x + RADII.x * scale * Math.cos(angle),
           y: CENTRE.y + RADII.y * scale * Math.sin(angle) };
}

function place(node, point) {
  node.style.left = `${point.x}vw`;
  node.style.top = `${point.y}vh`;
}

// ------------------------------------------------------------------ header: game and clock
function renderGame(s, hand) {
  const table = s.table || {};
  $("game-name").textContent = hand ? pick(hand.game_name) : (table.name || "tableside");
  const label = hand ? t("hand_no", { n: hand.number }) : t("no_hand");
  $("game-stakes").textContent = [stakesText(hand?.stakes), label].filter(Boolean).join(" · ");
  const banner = s.rotation ? pick(s.rotation) : "";
  $("game-banner").textContent = banner;
}

function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function renderClock() {
  const clock = state?.display?.clock;
  const box = $("clock");
  if (!clock) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const now = live.serverNow() / 1000;
  const elapsed = clock.elapsed + (clock.running ? Math.max(0, now - clock.at) : 0);
  const stages = clock.stages;
  let index = 0;
  stages.forEach((stage, i) => { if (stage.start <= elapsed) index = i; });
  const stage = stages[index];
  const end = stage.start + stage.seconds;
  const past = elapsed >= end && index === stages.length - 1;
  box.classList.toggle("paused", clock.started && !clock.running);
  box.classList.toggle("break", stage.is_break);
  $("clock-level").textContent = stage.is_break
    ? t("on_break") : `${t("level", { n: stage.number })} · ${pick(stage.stakes)}`;
  $("clock-time").textContent = !clock.started ? clockText(stage.seconds)
    : past ? "–:––" : clockText(end - elapsed);
  const nextLevel = stages.slice(index + 1).find((x) => !x.is_break);
  const nextBreak = stages.slice(index + 1).find((x) => x.is_break);
  const parts = [];
  if (!clock.started || (clock.started && !clock.running)) parts.push(t("clock_paused"));
  if (nextLevel) parts.push(t("next_level", { stakes: pick(nextLevel.stakes) }));
  if (nextBreak && !stage.is_break) parts.push(t("next_break", { time: clockText(nextBreak.start - elapsed) }));
  $("clock-next").textContent = parts.join(" · ");
}

// ------------------------------------------------------------------ seats
// A shown hand as the table judged it (its name and best five), one per board.
function judgedFor(hand, seat) {
  const runs = (hand?.players || []).find((p) => p.seat === seat)?.value;
  return runs ? runs.map((run) => run[language()] || run.en) : null;
}

function valueName(value) {
  if (!value) return "";
  if (value.high !== undefined) {
    const low = value.low ? value.low.name : t("no_low");
    return `${t("high_half")}: ${value.high.name} · ${t("low_half")}: ${low}`;
  }
  return value.name;
}

function bestCards(value) {
  if (!value) return null;
  if (value.high !== undefined) return [...value.high.best, ...(value.low ? value.low.best : [])];
  return value.best;
}

function winnersOf(hand) {
  const seats = new Set();
  for (const pot of hand?.result?.pots || []) {
    for (const award of pot.awards) award.winners.forEach((w) => seats.add(w));
  }
  return seats;
}

function renderSeats(s, hand, key) {
  const holder = $("seats");
  holder.replaceChildren();
  const count = s.table?.seats || s.seats.length || 9;
  const players = new Map((hand?.players || []).map((p) => [p.seat, p]));
  const winners = winnersOf(hand);
  const timer = s.action_timer;
  for (const seat of s.seats) {
    const angle = seatAngle(seat.seat, count);
    const box = element("div", "seat");
    box.dataset.seat = seat.seat;
    place(box, onEllipse(angle));
    holder.append(box);
    if (!seat.player) {
      box.classList.add("empty");
      box.textContent = t("empty_seat", { n: seat.seat });
      continue;
    }
    const playing = players.get(seat.seat);
    const finished = hand && (hand.finished || key === "last_hand");
    box.append(element("div", "name", seat.player));
    const stack = playing && !finished ? playing.stack : seat.stack;
    box.append(element("div", "stack", chips(stack)));
    const marks = element("div", "marks");
    if (hand && hand.button === seat.seat) marks.append(element("span", "tag dealer", t("button")));
    if (seat.small_blind && !finished) marks.append(element("span", "tag blind", t("small_blind")));
    if (seat.big_blind && !finished) marks.append(element("span", "tag blind", t("big_blind")));
    if (playing?.all_in && !finished) marks.append(element("span", "tag all-in", t("all_in")));
    if (playing?.folded && !finished) marks.append(element("span", "tag folded", t("folded")));
    if (seat.status === "sitting_out") marks.append(element("span", "tag out", t("sitting_out")));
    if (seat.status === "waiting") marks.append(element("span", "tag out", t("waiting_bb")));
    if (seat.to_act && timer && timer.seat === seat.seat) {
      const tag = element("span", "tag timer");
      tag.dataset.timer = "1";
      marks.append(tag);
    }
    box.append(marks);
    if (seat.to_act) box.classList.add("acting");
    if (playing?.folded && !finished) box.classList.add("folded");
    if (seat.status === "sitting_out" || seat.status === "busted") box.classList.add("out");
    if (finished && winners.has(seat.seat)) box.classList.add("winner");
    if (playing && playing.cards.length && !(playing.folded && !playing.shown)) {
      const judged = judgedFor(hand, seat.seat);
      const value = judged ? judged[0] : null;
      const hole = element("div", "hole");
      const row = cardRow(playing.cards, { best: finished ? bestCards(value) : null });
      if (playing.cards.length > 4) row.classList.add("many");
      hole.append(row);
      box.append(hole);
      if (value) box.append(element("div", "hand-name", judged.map(valueName).join(" / ")));
      if (playing.declared) {
        const wrong = playing.declared.made.includes(false);
        const text = t("declared", { name: pick(playing.declared.name) });
        box.append(element("div", wrong ? "hand-name misdeclared" : "hand-name",
          wrong ? `${text} · ${t("misdeclared")}` : text));
      }
    }
    const share = equity && state && equity.version === state.version
      ? equity.players?.[String(seat.seat)] : null;
    if (share && !finished) {
      box.append(element("div", "equity", `${t("equity")} ${Math.round(share.equity * 100)}%`));
    }
    if (playing && playing.bet && !finished) {
      box.append(element("div", "bet-inline", `● ${chips(playing.bet)}`));
      const bet = element("div", "bet", chips(playing.bet));
      place(bet, onEllipse(angle, 0.6));
      holder.append(bet);
    }
  }
  if (hand && hand.button) {
    const angle = seatAngle(hand.button, count) + 0.3;
    const button = element("div", hand.dead_button ? "dealer-button dead" : "dealer-button",
      t("button"));
    button.title = hand.dead_button ? t("dead_button") : "";
    place(button, onEllipse(angle, 0.68));
    holder.append(button);
  }
  renderTimers();
}

// The action timer counts down to its end on the server's clock; paused, it shows the time
// it has left.
function renderTimers() {
  const timer = state?.action_timer;
  for (const tag of document.querySelectorAll("[data-timer]")) {
    if (!timer) continue;
    const left = timer.paused ? timer.remaining : timer.expires_at - live.serverNow() / 1000;
    tag.textContent = clockText(left);
    tag.classList.toggle("warning", left <= timer.warn_before);
    tag.classList.toggle("paused", timer.paused);
  }
}

// ------------------------------------------------------------------ centre: board and pots
// The board cards that play in the first winner's hand (one list per board).
function winningBoardCards(s, hand, key) {
  const award = hand?.result?.pots?.[0]?.awards?.[0];
  if (!award || !award.winners.length || !Object.keys(award.hands || {}).length) return [];
  const runs = judgedFor(hand, award.winners[0]) || [];
  return runs.map((value) => bestCards(value));
}

function renderCentre(s, hand, key) {
  const boards = $("boards");
  boards.replaceChildren();
  const best = winningBoardCards(s, hand, key);
  (hand?.boards || []).forEach((board, run) => {
    if (board.length) boards.append(cardRow(board, { size: "board", best: best[run] || null }));
  });
  const finished = hand && (hand.finished || !s.hand);
  const total = hand ? (finished && hand.result ? hand.result.pots.reduce((sum, p) => sum + p.amount, 0) : hand.total_pot) : s.carried_pot || 0;
  $("pot-amount").textContent = chips(total);
  const side = $("side-pots");
  side.replaceChildren();
  const pots = hand && !finished ? hand.pots : [];
  if (pots.length > 1) {
    pots.forEach((pot, index) => {
      const line = element("span", "pot-line");
      const label = index === 0 ? t("main_pot") : t("side_pot", { n: index });
      line.append(element("span", "", `${label} `), element("b", "", chips(pot.amount)));
      line.append(element("span", "", ` · ${pot.eligible.map((seat) => playerName(s, seat)).join(", ")}`));
      side.append(line);
    });
  }
  const act = $("to-act");
  act.textContent = "";
  if (hand && !finished && hand.legal) {
    const legal = hand.legal;
    const parts = [t("to_act", { name: playerName(s, legal.seat) })];
    if (legal.bring_in !== null && legal.bring_in !== undefined) {
      parts.push(t("bring_in_or_complete", { bring_in: chips(legal.bring_in), amount: chips(legal.min_to) }));
    } else {
      parts.push(legal.can_check ? t("check_free") : t("to_call", { amount: chips(legal.call) }));
      if (legal.min_to !== null && legal.min_to !== undefined) {
        const facing = !legal.can_check;
        parts.push(facing ? t("min_raise", { amount: chips(legal.min_to) }) : t("min_bet", { amount: chips(legal.min_to) }));
      }
    }
    act.textContent = parts.join(" · ");
  }
}

// ------------------------------------------------------------------ showdown
function renderShowdown(s, hand, key) {
  const hilo = Boolean(s.display?.games?.[key]?.hilo);
  const panel = $("showdown");
  panel.replaceChildren();
  const result = hand?.result;
  if (!result) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  const name = (seat) => playerName(s, seat);
  result.pots.forEach((pot, index) => {
    const label = result.pots.length === 1 ? t("pot") : index === 0 ? t("main_pot") : t("side_pot", { n: index });
    for (const award of pot.awards) {
      const line = element("div", "award");
      let head = `${label} ${chips(award.amount)}`;
      if (hilo && award.half === "high") head += ` (${t("high_half")})`;
      if (hilo && award.half === "low") head += ` (${t("low_half")})`;
      if (hand.boards.length > 1) head += ` – ${t("run", { n: award.run + 1 })}`;
      line.append(element("span", "", `${head}: `));
      const winners = award.winners;
      if (winners.length === 1) {
        line.append(element("b", "", t("winner_takes", { name: name(winners[0]), amount: chips(award.amount) })));
      } else {
        const shares = winners.map((w) => `${name(w)} ${chips(award.shares[String(w)])}`).join(", ");
        line.append(element("b", "", `${t("split_between", { names: winners.map(name).join(", ") })}: ${shares}`));
      }
      const hands = Object.values(award.hands || {});
      if (hands.length) {
        const value = hands[0][language()] || hands[0].en;
        line.append(element("span", "", ` – ${value.name}`));
      } else if (!Object.keys(award.hands || {}).length) {
        line.append(element("span", "note", ` (${t("uncontested")})`));
      }
      if (award.odd_chips.length) {
        line.append(element("div", "note", t("odd_chip", { names: award.odd_chips.map(name).join(", ") })));
      }
      panel.append(line);
    }
    const halves = new Set(pot.awards.map((a) => a.half));
    // A hi-lo pot with a high half only had no qualifying low.
    if (hilo && !halves.has("low")) {
      panel.append(element("div", "note", t("no_low")));
    }
  });
  if (result.rake) panel.append(element("div", "note", t("rake", { amount: chips(result.rake) })));
  if (result.carried) panel.append(element("div", "note", t("carried", { amount: chips(result.carried) })));
}

// ------------------------------------------------------------------ all together
function render() {
  if (!state) return;
  const { hand, key } = shownHand(state);
  renderGame(state, hand);
  renderSeats(state, hand, key);
  renderCentre(state, hand, key);
  renderShowdown(state, hand, key);
  renderClock();
  document.body.dataset.version = state.version;
}

const live = new LiveState({
  onState: (s) => { state = s; render(); },
  onEquity: (e) => { equity = e; render(); },
  onConnection: (ok) => $("offline").classList.toggle("hidden", ok),
});

chooseLanguage(document.body.dataset.defaultLanguage);
applyPreferences();
translatePage();
bindPreferenceButtons(() => { translatePage(); render(); });
$("toggle-language").addEventListener("click", () => {
  setLanguage(language() === "en" ? "de" : "en");
  translatePage();
  render();
});
// The menu shows while someone moves the mouse or touches the screen, then fades away:
// a TV shows the table, not buttons.
let menuTimer = null;
function wake() {
  document.body.classList.add("awake");
  clearTimeout(menuTimer);
  menuTimer = setTimeout(() => document.body.classList.remove("awake"), 5000);
}
for (const name of ["mousemove", "touchstart", "keydown"]) {
  document.addEventListener(name, wake, { passive: true });
}
live.start();
setInterval(() => { renderClock(); renderTimers(); }, 250);
