// The dealer's console: everything the dealer does, as big buttons on a phone.
//
// The public stream says when the table changed; the console then fetches the dealer's state
// (with every card) and draws itself. Every change is one POST /api/<command> with the CSRF
// token; a refusal is shown exactly as the table words it, legal choices included.
import { cardElement, cardRow, cardText } from "./cards.js";
import {
  chips, chooseLanguage, extendTexts, language, pick, setLanguage, t, translatePage,
} from "./i18n.js";
import { element } from "./dom.js";
import { LiveState } from "./live.js";

extendTexts({
  en: {
    tab_hand: "Hand", tab_seats: "Seats", tab_game: "Game", tab_night: "Night", tab_more: "More",
    start_hand: "Start hand", next_hand: "Start next hand", straddles: "Straddles",
    button_seat: "Button on seat", choose_game: "Game (dealer's choice)",
    deal_to: "Deal to {name} ({count})", deal_unread: "All face down, unread",
    deal_board: "Deal the board ({count})", board_cards: "Board", pick_cards: "Pick {count} cards",
    unread: "Unread ??", back: "⌫", clear: "Clear", cancel: "Cancel", ok: "OK",
    fold: "Fold", check: "Check", call: "Call {amount}", call_all_in: "Call {amount} (all-in)",
    bet: "Bet {amount}", raise: "Raise to {amount}", complete: "Complete to {amount}",
    bring_in_btn: "Bring-in {amount}", all_in_btn: "All-in", half_pot: "½ pot", pot_btn: "Pot",
    min_btn: "Min", stack_word: "stack", in_front: "in front",
    show: "Show", muck: "Muck", discard: "Discard selected", stand_pat: "Stand pat",
    draw_for: "Draw: {name}", showdown_title: "Showdown", waiting_for: "Waiting for: {what}",
    undo: "Undo last", misdeal: "Misdeal", correct_card: "Correct a card", run_twice: "Run it twice",
    wrong_card: "Misread card", right_card: "Right card", corrections: "Corrections",
    seat_player: "Seat a player", player_name: "Name", buy_in: "Buy-in", sit: "Sit down",
    rebuy: "Rebuy", add_on: "Add-on", sit_out: "Sit out", sit_in: "Sit in", leave: "Cash out & leave",
    adjust: "Adjust stack", amount: "Chips (+/-)", reason: "Reason", eliminate: "Eliminate",
    minimum: "minimum {amount}", settings_title: "Game and stakes", game: "Game",
    rotation: "Rotation", none: "none", small_blind_in: "Small blind", big_blind_in: "Big blind",
    ante_in: "Ante", apply: "Apply (from the next hand)", straddles_allowed: "Straddles allowed",
    run_twice_allowed: "Run it twice allowed", clock_title: "Tournament clock",
    clock_start: "Start clock", clock_pause: "Pause clock", clock_resume: "Resume clock",
    set_level: "Set level (next hand)", settlement: "End of the night", exports: "Exports",
    export_phh: "Hands (PHH)", export_ps: "Hands (PokerStars)", export_ledger: "Ledger (CSV)",
    export_backup: "Database backup", close_table: "Close the table (cash everyone out)",
    player: "Player", bought: "Bought", cashed_out: "Cashed out", on_table: "On table", net: "Net",
    transfers: "Transfers", no_transfers: "Nobody owes anything.", refresh: "Refresh",
    change_pin: "Change PIN", current_pin: "Current PIN", new_pin: "New PIN", save: "Save",
    open_display: "Open the table display", accepted: "Done: {what}", confirm_close: "Close the table for tonight?",
    confirm_misdeal: "Void this hand as a misdeal?", confirm_leave: "Cash out {name} ({amount})?",
    nobody_to_act: "", waiting_deal_hole: "the hole cards", waiting_deal_board: "the board",
    waiting_draw: "the draw", waiting_betting: "the player to act", waiting_showdown: "the showdown",
    proposal: "Proposed ({source}): {what}", source_chips: "chips", source_camera: "camera",
    source_console: "console", confirm_btn: "CONFIRM",
    declare: "Called hand", declare_ranks: "Ranks (e.g. K or K5)", declare_none: "— not declared —",
    cat_high_card: "High card", cat_pair: "Pair", cat_two_pair: "Two pair",
    cat_three_of_a_kind: "Three of a kind", cat_straight: "Straight", cat_flush: "Flush",
    cat_full_house: "Full house", cat_four_of_a_kind: "Four of a kind",
    cat_straight_flush: "Straight flush", cat_five_of_a_kind: "Five of a kind",
    waiting_over: "the next hand", waiting_voided: "the next hand",
  },
  de: {
    tab_hand: "Hand", tab_seats: "Plätze", tab_game: "Spiel", tab_night: "Abend", tab_more: "Mehr",
    start_hand: "Hand starten", next_hand: "Nächste Hand", straddles: "Straddles",
    button_seat: "Button auf Platz", choose_game: "Spiel (Geber wählt)",
    deal_to: "Karten an {name} ({count})", deal_unread: "Alle verdeckt, ungelesen",
    deal_board: "Board geben ({count})", board_cards: "Board", pick_cards: "{count} Karten wählen",
    unread: "Ungelesen ??", back: "⌫", clear: "Leeren", cancel: "Abbrechen", ok: "OK",
    fold: "Fold", check: "Check", call: "Call {amount}", call_all_in: "Call {amount} (all-in)",
    bet: "Bet {amount}", raise: "Raise auf {amount}", complete: "Komplettieren auf {amount}",
    bring_in_btn: "Bring-in {amount}", all_in_btn: "All-in", half_pot: "½ Pot", pot_btn: "Pot",
    min_btn: "Min", stack_word: "Stack", in_front: "gesetzt",
    show: "Zeigen", muck: "Wegwerfen", discard: "Auswahl tauschen", stand_pat: "Keine tauschen",
    draw_for: "Tauschen: {name}", showdown_title: "Showdown", waiting_for: "Wartet auf: {what}",
    undo: "Letzte zurück", misdeal: "Fehlgabe", correct_card: "Karte korrigieren", run_twice: "Zweimal ausspielen",
    wrong_card: "Falsch gelesene Karte", right_card: "Richtige Karte", corrections: "Korrekturen",
    seat_player: "Spieler setzen", player_name: "Name", buy_in: "Buy-in", sit: "Hinsetzen",
    rebuy: "Rebuy", add_on: "Add-on", sit_out: "Aussetzen", sit_in: "Wieder dabei", leave: "Auszahlen & gehen",
    adjust: "Stack korrigieren", amount: "Chips (+/-)", reason: "Grund", eliminate: "Ausscheiden",
    minimum: "mindestens {amount}", settings_title: "Spiel und Einsätze", game: "Spiel",
    rotation: "Rotation", none: "keine", small_blind_in: "Small Blind", big_blind_in: "Big Blind",
    ante_in: "Ante", apply: "Übernehmen (ab der nächsten Hand)", straddles_allowed: "Straddles erlaubt",
    run_twice_allowed: "Zweimal ausspielen erlaubt", clock_title: "Turnieruhr",
    clock_start: "Uhr starten", clock_pause: "Uhr anhalten", clock_resume: "Uhr weiter",
    set_level: "Stufe setzen (nächste Hand)", settlement: "Abrechnung", exports: "Exporte",
    export_phh: "Hände (PHH)", export_ps: "Hände (PokerStars)", export_ledger: "Kassenbuch (CSV)",
    export_backup: "Datenbank-Sicherung", close_table: "Tisch schließen (alle auszahlen)",
    player: "Spieler", bought: "Gekauft", cashed_out: "Ausgezahlt", on_table: "Am Tisch", net: "Saldo",
    transfers: "Überweisungen", no_transfers: "Niemand schuldet etwas.", refresh: "Aktualisieren",
    change_pin: "PIN ändern", current_pin: "Aktuelle PIN", new_pin: "Neue PIN", save: "Speichern",
    open_display: "Tischanzeige öffnen", accepted: "Erledigt: {what}", confirm_close: "Den Tisch für heute schließen?",
    confirm_misdeal: "Diese Hand als Fehlgabe annullieren?", confirm_leave: "{name} auszahlen ({amount})?",
    nobody_to_act: "", waiting_deal_hole: "die Spielerkarten", waiting_deal_board: "das Board",
    waiting_draw: "die Tauschrunde", waiting_betting: "den Spieler am Zug", waiting_showdown: "den Showdown",
    proposal: "Vorschlag ({source}): {what}", source_chips: "Chips", source_camera: "Kamera",
    source_console: "Konsole", confirm_btn: "BESTÄTIGEN",
    declare: "Angesagte Hand", declare_ranks: "Ränge (z. B. K oder K5)", declare_none: "— nicht angesagt —",
    cat_high_card: "Höchste Karte", cat_pair: "Paar", cat_two_pair: "Zwei Paare",
    cat_three_of_a_kind: "Drilling", cat_straight: "Straße", cat_flush: "Flush",
    cat_full_house: "Full House", cat_four_of_a_kind: "Vierling",
    cat_straight_flush: "Straight Flush", cat_five_of_a_kind: "Fünfling",
    waiting_over: "die nächste Hand", waiting_voided: "die nächste Hand",
  },
});

const csrf = document.querySelector('meta[name="csrf-token"]').content;
const $ = (id) => document.getElementById(id);
let dealer = null; // the dealer's state
let games = null; // the catalogue
let tab = "hand";

function button(text, onclick, className = "") {
  return element("button", { type: "button", class: className, text, onclick });
}

// ------------------------------------------------------------------ talking to the table
function showError(body) {
  const box = $("error");
  box.textContent = pick(body?.error?.message) || String(body);
  box.classList.remove("hidden");
  box.scrollIntoView({ block: "nearest" });
}

function clearMessages() {
  $("error").classList.add("hidden");
  $("notice").classList.add("hidden");
}

// While a command is on its way the buttons wait (a double tap must not act twice).
async function send(type, fields = {}) {
  document.body.classList.add("busy");
  try {
    return await post(type, fields);
  } finally {
    document.body.classList.remove("busy");
  }
}

async function post(type, fields) {
  clearMessages();
  // What is typed now is what this command uses up; what is typed while it is on its way is not.
  const typedThen = typedInputs();
  const response = await fetch(`/api/${type}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify(fields),
  });
  const body = await response.json().catch(() => ({ error: { message: { en: response.statusText } } }));
  if (response.status === 401) {
    location.assign("/dealer/login?next=/dealer");
    return null;
  }
  if (!response.ok) {
    showError(body);
    return null;
  }
  const notice = $("notice");
  notice.textContent = t("accepted", { what: type.replace(/_/g, " ") });
  notice.classList.remove("hidden");
  usedUp = typedThen;
  await refresh();
  return body;
}

// Refreshes overlap (our own command, the stream, the catalogue): an answer that comes
// back after a newer one must not roll the console back to an older table.
async function refresh() {
  let response;
  try {
    response = await fetch("/api/dealer/state");
    if (response.status >= 500) throw new Error(response.statusText);
  } catch {
    setTimeout(refresh, 2000); // the server is busy or restarting: ask again shortly
    return;
  }
  if (response.status === 401) {
    location.assign("/dealer/login?next=/dealer");
    return;
  }
  const state = await response.json();
  if (dealer && state.version < dealer.version) return;
  dealer = state;
  render();
}

// ------------------------------------------------------------------ the card picker
const RANKS = "AKQJT98765432";
const SUITS = "shdc";

function pickCards({ title, count, taken = new Set(), allowUnread = true }) {
  return new Promise((resolve) => {
    const chosen = [];
    const grid = $("picker-grid");
    grid.replaceChildren();
    $("picker-title").textContent = title;
    const drawChosen = () => {
      $("picker-chosen").replaceChildren(cardRow(chosen));
      $("picker-ok").disabled = chosen.length !== count;
      for (const b of grid.children) b.classList.toggle("chosen", chosen.includes(b.dataset.card));
    };
    for (const suit of SUITS) {
      for (const rank of RANKS) {
        const code = rank + suit;
        const b = element("button", { type: "button", class: `suit-${suit}`, "data-card": code,
          text: cardText(code), "aria-label": code });
        if (taken.has(code)) b.classList.add("taken");
        b.addEventListener("click", () => {
          const at = chosen.indexOf(code);
          if (at >= 0) chosen.splice(at, 1);
          else if (chosen.length < count) chosen.push(code);
          drawChosen();
        });
        grid.append(b);
      }
    }
    const close = (value) => { $("picker").classList.add("hidden"); resolve(value); };
    $("picker-unread").classList.toggle("hidden", !allowUnread);
    $("picker-unread").onclick = () => { if (chosen.length < count) chosen.push("??"); drawChosen(); };
    $("picker-back").onclick = () => { chosen.pop(); drawChosen(); };
    $("picker-clear").onclick = () => { chosen.length = 0; drawChosen(); };
    $("picker-cancel").onclick = () => close(null);
    $("picker-ok").onclick = () => close([...chosen]);
    drawChosen();
    $("picker").classList.remove("hidden");
  });
}

function cardsInPlay() {
  const taken = new Set();
  const hand = dealer?.hand;
  if (!hand) return taken;
  for (const board of hand.boards) board.forEach((c) => taken.add(c));
  for (const p of hand.players) p.cards.forEach((c) => { if (c !== "??") taken.add(c); });
  return taken;
}

// ------------------------------------------------------------------ summary (always visible)
function nameOf(seat) {
  return dealer.seats.find((s) => s.seat === seat)?.player || t("seat_n", { n: seat });
}

function renderSummary() {
  const box = $("summary");
  box.replaceChildren();
  const hand = dealer.hand;
  if (!hand) {
    box.append(element("span", { class: "game", text: dealer.table?.name || "tableside" }),
      element("span", { text: t("no_hand") }));
    return;
  }
  box.append(
    element("span", { class: "game", text: `#${hand.number} ${pick(hand.game_name)}` }),
    element("span", { class: "pot", text: `${t("pot")} ${chips(hand.total_pot)}` }),
  );
  if (hand.board.length) box.append(cardRow(hand.board, { size: "small" }));
  const what = t(`waiting_${hand.waiting_for}`);
  box.append(element("span", { text: t("waiting_for", { what }) }));
}

// ------------------------------------------------------------------ hand tab
function actorBox(hand) {
  const legal = hand.legal;
  const player = hand.players.find((p) => p.seat === legal.seat);
  const box = element("div", { id: "actor-box" });
  box.append(element("div", { id: "actor-name", text: nameOf(legal.seat) }));
  box.append(element("div", { id: "actor-facts",
    text: `${t("stack_word")} ${chips(player.stack)} · ${t("in_front")} ${chips(player.bet)} · ${pick(legal.text)}` }));
  if (player.cards.length) box.append(cardRow(player.cards, { size: "small" }));
  const actions = element("div", { class: "grid2" });
  const seat = legal.seat;
  if (legal.bring_in !== null && legal.bring_in !== undefined) {
    actions.append(button(t("bring_in_btn", { amount: chips(legal.bring_in) }),
      () => send("bring_in", { seat }), "big"));
  } else if (!legal.can_check) {
    actions.append(button(t("fold"), () => send("fold", { seat }), "big warn"));
  }
  if (legal.bring_in === null || legal.bring_in === undefined) {
    const label = legal.can_check ? t("check")
      : t(legal.call_is_all_in ? "call_all_in" : "call", { amount: chips(legal.call) });
    actions.append(button(label, () => send("check_call", { seat }), "big primary"));
  }
  box.append(actions);
  if (legal.min_to !== null && legal.min_to !== undefined) {
    const verb = legal.bring_in !== null && legal.bring_in !== undefined ? "complete"
      : legal.can_check && !hand.players.some((p) => p.bet > 0) ? "bet" : "raise";
    const input = element("input", { type: "number", inputmode: "numeric", min: legal.min_to,
      max: legal.max_to, value: legal.min_to, id: "amount", "aria-label": t("amount") });
    const go = button("", () => send("bet_raise", { seat, to: Number(input.value) }), "big accent");
    const label = () => { go.textContent = t(verb, { amount: chips(Number(input.value)) }); };
    input.addEventListener("input", label);
    label();
    if (legal.fixed || legal.min_to === legal.max_to) {
      input.readOnly = true;
      box.append(element("div", { id: "amount-row" }, element("span"), input, element("span")));
      if (legal.fixed && legal.max_to !== legal.min_to) {
        box.append(button(t(verb, { amount: chips(legal.max_to) }),
          () => send("bet_raise", { seat, to: legal.max_to }), "big accent"));
      }
    } else {
      const step = hand.stakes.big_blind || hand.stakes.small_bet || hand.stakes.min_bet || 1;
      const nudge = (by) => {
        input.value = Math.min(legal.max_to, Math.max(legal.min_to, Number(input.value) + by));
        label();
      };
      box.append(element("div", { id: "amount-row" }, button("−", () => nudge(-step)), input,
        button("+", () => nudge(step))));
      const pot = hand.total_pot + legal.call; // the pot after calling
      const presets = element("div", { id: "amount-presets" });
      const preset = (text, to) => presets.append(button(text, () => {
        input.value = Math.min(legal.max_to, Math.max(legal.min_to, Math.round(to)));
        label();
      }, "small"));
      preset(t("min_btn"), legal.min_to);
      preset(t("half_pot"), player.bet + legal.call + pot / 2);
      preset(t("pot_btn"), player.bet + legal.call + pot);
      preset(t("all_in_btn"), legal.max_to);
      box.append(presets);
    }
    box.append(go);
  }
  return box;
}

function dealSection(hand) {
  const part = element("div");
  const needs = hand.needs_cards;
  const seats = Object.entries(needs.seats || {});
  if (seats.length) {
    part.append(element("h2", { text: t("waiting_for", { what: t("waiting_deal_hole") }) }));
    for (const [seat, count] of seats) {
      part.append(button(t("deal_to", { name: nameOf(Number(seat)), count }), async () => {
        const cards = await pickCards({ title: t("deal_to", { name: nameOf(Number(seat)), count }),
          count, taken: cardsInPlay() });
        if (cards) send("deal", { seat: Number(seat), cards });
      }, "big"));
    }
    part.append(button(t("deal_unread"), async () => {
      for (const [seat, count] of seats) {
        const done = await send("deal", { seat: Number(seat), cards: Array(count).fill("??") });
        if (!done) break;
      }
    }));
  }
  if (needs.board) {
    part.append(button(t("deal_board", { count: needs.board }), async () => {
      const cards = await pickCards({ title: t("deal_board", { count: needs.board }),
        count: needs.board, taken: cardsInPlay(), allowUnread: false });
      if (cards) send("board", { cards });
    }, "big primary"));
  }
  return part;
}

function drawSection(hand) {
  const part = element("div");
  for (const player of hand.players.filter((p) => !p.folded)) {
    const selected = new Set();
    const row = element("div", { class: "seat-line" });
    row.append(element("span", { class: "seat-no", text: player.seat }),
      element("span", { class: "who", text: t("draw_for", { name: player.player }) }));
    const cards = element("div", { class: "buttons" });
    player.cards.forEach((code) => {
      const b = element("button", { type: "button", class: "small" }, cardElement(code, { size: "small" }));
      b.addEventListener("click", () => {
        if (selected.has(code)) selected.delete(code); else selected.add(code);
        b.classList.toggle("accent", selected.has(code));
      });
      cards.append(b);
    });
    const buttons = element("div", { class: "buttons" },
      button(t("stand_pat"), () => send("discard", { seat: player.seat, cards: [] })),
      button(t("discard"), () => send("discard", { seat: player.seat, cards: [...selected] }), "primary"));
    row.append(cards, buttons);
    part.append(row);
  }
  return part;
}

function showdownSection(hand) {
  const part = element("div");
  part.append(element("h2", { text: t("showdown_title") }));
  for (const player of hand.players.filter((p) => !p.folded)) {
    const row = element("div", { class: "seat-line" });
    row.append(element("span", { class: "seat-no", text: player.seat }),
      element("span", { class: "who", text: player.player }),
      cardRow(player.cards, { size: "small" }));
    // House rule "declare your hand" (wild-card games): the hand the player calls.
    const declaring = hand.declare_hands ? declareInputs(player) : null;
    const show = async () => {
      let cards = player.cards;
      if (cards.includes("??")) {
        cards = await pickCards({ title: `${t("show")}: ${player.player}`, count: cards.length,
          taken: cardsInPlay(), allowUnread: false });
        if (!cards) return;
      }
      const fields = { seat: player.seat, cards };
      if (declaring && declaring.category.value) {
        fields.declared = { category: declaring.category.value, ranks: declaring.ranks.value };
      }
      send("show", fields);
    };
    if (declaring) row.append(declaring.box);
    row.append(element("div", { class: "buttons" },
      button(t("show"), show, "primary"),
      player.shown ? null : button(t("muck"), () => send("show", { seat: player.seat, cards: null }), "warn")));
    part.append(row);
  }
  return part;
}

const CATEGORIES = ["five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush",
  "straight", "three_of_a_kind", "two_pair", "pair", "high_card"];

function declareInputs(player) {
  const category = element("select", { "aria-label": t("declare"), "data-declare": player.seat });
  category.append(element("option", { value: "", text: t("declare_none") }));
  for (const name of CATEGORIES) category.append(element("option", { value: name, text: t(`cat_${name}`) }));
  const ranks = element("input", { type: "text", maxlength: 2, size: 3, "aria-label": t("declare_ranks"),
    placeholder: t("declare_ranks"), "data-declare-ranks": player.seat });
  const box = element("div", { class: "declare" }, element("span", { text: t("declare") }), category, ranks);
  return { box, category, ranks };
}

function startSection(hand) {
  const part = element("div");
  const settings = dealer.table?.settings || {};
  const options = element("div", { class: "grid2" });
  let gameSelect = null;
  if (settings.rotation === "dealers_choice" && games) {
    gameSelect = element("select", { "aria-label": t("choose_game") });
    const allowed = settings.games?.length ? settings.games : games.games.map((g) => g.code);
    for (const game of games.games.filter((g) => allowed.includes(g.code))) {
      gameSelect.append(element("option", { value: game.code, text: pick(game.names) }));
    }
    options.append(element("label", {}, element("span", { text: t("choose_game") }), gameSelect));
  }
  let straddles = null;
  if (settings.straddles) {
    straddles = element("input", { type: "number", min: 0, max: 3, value: 0 });
    options.append(element("label", {}, element("span", { text: t("straddles") }), straddles));
  }
  let buttonSeat = null;
  if (!dealer.last_hand && !hand) {
    buttonSeat = element("select", { "aria-label": t("button_seat") });
    buttonSeat.append(element("option", { value: "", text: "–" }));
    for (const seat of dealer.seats.filter((s) => s.player)) {
      buttonSeat.append(element("option", { value: seat.seat, text: `${seat.seat} ${seat.player}` }));
    }
    options.append(element("label", {}, element("span", { text: t("button_seat") }), buttonSeat));
  }
  part.append(options);
  part.append(button(hand ? t("next_hand") : t("start_hand"), () => {
    const fields = {};
    if (gameSelect) fields.game = gameSelect.value;
    if (straddles && Number(straddles.value)) fields.straddles = Number(straddles.value);
    if (buttonSeat && buttonSeat.value) fields.button = Number(buttonSeat.value);
    send("start_hand", fields);
  }, "big primary"));
  return part;
}

function resultSection(hand) {
  const part = element("div");
  for (const pot of hand.result.pots) {
    for (const award of pot.awards) {
      const names = award.winners.map(nameOf).join(", ");
      const value = Object.values(award.hands || {})[0];
      part.append(element("div", { text: `${chips(award.amount)} → ${names}${value ? ` (${pick({ en: value.en.name, de: value.de.name })})` : ""}` }));
    }
  }
  return part;
}

function correctionsSection(hand) {
  const part = element("div");
  part.append(element("h2", { text: t("corrections") }));
  const row = element("div", { class: "grid2" });
  row.append(button(t("undo"), () => send("undo", { count: 1 })));
  if (!hand.finished) {
    row.append(button(t("misdeal"), () => { if (confirm(t("confirm_misdeal"))) send("misdeal", {}); }, "warn"));
  }
  row.append(button(t("correct_card"), async () => {
    const wrong = await pickCards({ title: t("wrong_card"), count: 1, allowUnread: false });
    if (!wrong) return;
    const right = await pickCards({ title: t("right_card"), count: 1, taken: cardsInPlay(), allowUnread: false });
    if (right) send("correct_card", { wrong: wrong[0], right: right[0] });
  }));
  if (dealer.table?.settings?.run_twice && !hand.finished) {
    row.append(button(t("run_twice"), () => send("run_twice", {})));
  }
  part.append(row);
  return part;
}

// What CONFIRM would send (the chips' bet): the pad's CONFIRM button, twinned here.
function proposalBox(proposal) {
  const box = element("div", { class: "proposal", id: "proposal" });
  box.append(element("p", { text: t("proposal", { source: t(`source_${proposal.source}`),
    what: pick(proposal.texts) || proposal.command.type }) }),
  button(t("confirm_btn"), () => send("dealer/press/confirm", {}), "primary"));
  return box;
}

function renderHand() {
  const panel = $("panel-hand");
  panel.replaceChildren();
  if (dealer.proposal) panel.append(proposalBox(dealer.proposal));
  const hand = dealer.hand;
  if (!hand || hand.finished || hand.voided) {
    if (hand?.result) panel.append(resultSection(hand));
    panel.append(startSection(hand));
    if (hand?.finished) panel.append(correctionsSection(hand));
    return;
  }
  if (hand.legal) panel.append(actorBox(hand));
  if (hand.waiting_for === "deal_hole" || hand.waiting_for === "deal_board") panel.append(dealSection(hand));
  if (hand.waiting_for === "draw") panel.append(drawSection(hand));
  if (hand.waiting_for === "showdown" || (hand.waiting_for === "deal_board" && !hand.legal)) {
    if (hand.waiting_for === "showdown" || hand.players.filter((p) => !p.folded && !p.all_in).length <= 1) {
      panel.append(showdownSection(hand));
    }
  }
  panel.append(correctionsSection(hand));
}

// ------------------------------------------------------------------ seats tab
function field(label, input) {
  return element("label", {}, element("span", { text: label }), input);
}

function renderSeats() {
  const panel = $("panel-seats");
  panel.replaceChildren();
  const between = !dealer.hand || dealer.hand.finished || dealer.hand.voided;
  for (const seat of dealer.seats) {
    const row = element("div", { class: "seat-line", "data-seat": seat.seat });
    row.append(element("span", { class: "seat-no", text: seat.seat }));
    if (!seat.player) {
      const name = element("input", { placeholder: t("player_name"), "aria-label": t("player_name") });
      const buyIn = element("input", { type: "number", inputmode: "numeric", value: dealer.minimum_buy_in || "",
        "aria-label": t("buy_in") });
      row.append(element("span", { class: "facts", text: t("empty_seat", { n: seat.seat }) }), element("span"));
      row.append(element("div", { class: "buttons" }, name, buyIn,
        button(t("sit"), () => send("sit", { seat: seat.seat, player: name.value, buy_in: Number(buyIn.value) || null }), "primary")));
      panel.append(row);
      continue;
    }
    row.append(element("span", { class: "who", text: seat.player }),
      element("span", { class: "facts", text: `${chips(seat.stack)} · ${seat.status}` }));
    const amount = element("input", { type: "number", inputmode: "numeric", "aria-label": t("amount"),
      placeholder: t("amount") });
    const reason = element("input", { "aria-label": t("reason"), placeholder: t("reason") });
    const buttons = element("div", { class: "buttons" });
    if (between) {
      buttons.append(
        button(t("rebuy"), () => send("rebuy", { seat: seat.seat, amount: Number(amount.value) || null })),
        button(t("add_on"), () => send("add_on", { seat: seat.seat, amount: Number(amount.value) || null })),
        button(t("adjust"), () => send("adjust_stack", { seat: seat.seat, amount: Number(amount.value), reason: reason.value })),
      );
    }
    const out = seat.flags?.sitting_out;
    buttons.append(button(out ? t("sit_in") : t("sit_out"), () => send(out ? "sit_in" : "sit_out", { seat: seat.seat })));
    if (between) {
      buttons.append(button(t("leave"), () => {
        if (confirm(t("confirm_leave", { name: seat.player, amount: chips(seat.stack) }))) send("leave", { seat: seat.seat });
      }, "warn"));
      if (dealer.table?.mode === "tournament") {
        buttons.append(button(t("eliminate"), () => send("eliminate", { seat: seat.seat }), "warn"));
      }
    }
    row.append(element("div", { class: "buttons" }, amount, reason), buttons);
    panel.append(row);
  }
}

// ------------------------------------------------------------------ game tab
function renderGame() {
  const panel = $("panel-game");
  panel.replaceChildren();
  const settings = dealer.table?.settings || {};
  panel.append(element("h2", { text: t("settings_title") }));
  const game = element("select", { "aria-label": t("game") });
  for (const g of games?.games || []) {
    game.append(element("option", { value: g.code, text: pick(g.names), selected: g.code === settings.game }));
  }
  const rotation = element("select", { "aria-label": t("rotation") });
  rotation.append(element("option", { value: "", text: t("none") }));
  for (const r of games?.rotations || []) {
    rotation.append(element("option", { value: r.code, text: pick(r.names), selected: r.code === settings.rotation }));
  }
  rotation.append(element("option", { value: "dealers_choice", text: t("dealers_choice"),
    selected: settings.rotation === "dealers_choice" }));
  const blinds = settings.blinds || [];
  const small = element("input", { type: "number", inputmode: "numeric", value: blinds[0] ?? "" });
  const big = element("input", { type: "number", inputmode: "numeric", value: blinds[1] ?? "" });
  const ante = element("input", { type: "number", inputmode: "numeric", value: settings.ante ?? "" });
  const straddles = element("input", { type: "checkbox", checked: settings.straddles || null });
  const runTwice = element("input", { type: "checkbox", checked: settings.run_twice || null });
  panel.append(field(t("game"), game), field(t("rotation"), rotation),
    element("div", { class: "grid3" }, field(t("small_blind_in"), small), field(t("big_blind_in"), big),
      field(t("ante_in"), ante)),
    field(t("straddles_allowed"), straddles), field(t("run_twice_allowed"), runTwice));
  panel.append(button(t("apply"), () => {
    const changes = { game: game.value, rotation: rotation.value || null,
      straddles: straddles.checked, run_twice: runTwice.checked };
    if (small.value && big.value) changes.blinds = [Number(small.value), Number(big.value)];
    changes.ante = ante.value === "" ? null : Number(ante.value);
    send("settings", { changes });
  }, "big primary"));
  if (dealer.table?.mode === "tournament") {
    panel.append(element("h2", { text: t("clock_title") }));
    const clock = dealer.tournament?.clock || [];
    const last = clock.length ? clock[clock.length - 1].action : null;
    const row = element("div", { class: "grid2" });
    if (!last) row.append(button(t("clock_start"), () => send("clock", { action: "start" }), "primary"));
    else if (last === "pause") row.append(button(t("clock_resume"), () => send("clock", { action: "resume" }), "primary"));
    else row.append(button(t("clock_pause"), () => send("clock", { action: "pause" }), "warn"));
    const level = element("input", { type: "number", min: 1, value: dealer.tournament?.level || 1 });
    row.append(element("div", {}, level, button(t("set_level"), () => send("set_level", { level: Number(level.value) }))));
    panel.append(row);
  }
}

// ------------------------------------------------------------------ night tab
async function renderNight() {
  const panel = $("panel-night");
  panel.replaceChildren();
  panel.append(element("h2", { text: t("settlement") }));
  const holder = element("div");
  panel.append(holder, button(t("refresh"), renderNight));
  panel.append(element("h2", { text: t("exports") }));
  const lang = language();
  for (const [kind, label] of [["phh", "export_phh"], ["pokerstars", "export_ps"],
    ["ledger.csv", "export_ledger"], ["backup", "export_backup"]]) {
    panel.append(element("p", {}, element("a", { href: `/api/dealer/export/${kind}?lang=${lang}`,
      download: "", text: t(label) })));
  }
  panel.append(button(t("close_table"), () => { if (confirm(t("confirm_close"))) send("close", {}); }, "warn"));
  const response = await fetch("/api/dealer/settlement");
  const body = await response.json();
  if (!response.ok) {
    holder.append(element("p", { text: pick(body.error?.message) }));
    return;
  }
  const table = element("table", { class: "data" });
  table.append(element("tr", {}, ...["player", "bought", "cashed_out", "on_table", "net"].map(
    (k, i) => element("th", { class: i ? "num" : "", text: t(k) }))));
  const money = (cents) => (cents / 100).toLocaleString(lang === "de" ? "de-DE" : "en-GB", { minimumFractionDigits: 2 });
  for (const row of body.players) {
    table.append(element("tr", {}, element("td", { text: row.player }),
      element("td", { class: "num", text: chips(row.bought) }),
      element("td", { class: "num", text: chips(row.cashed_out) }),
      element("td", { class: "num", text: chips(row.on_table) }),
      element("td", { class: "num", text: money(row.net_cents) })));
  }
  holder.append(table, element("p", { text: pick(body.balance.text) }),
    element("p", { text: pick(body.chip_value) }), element("h2", { text: t("transfers") }));
  const list = element("ul", { class: "plain", id: "transfers" });
  for (const transfer of body.transfers) list.append(element("li", { text: pick(transfer.text) }));
  if (!body.transfers.length) list.append(element("li", { text: t("no_transfers") }));
  holder.append(list);
}

// ------------------------------------------------------------------ more tab
function renderMore() {
  const panel = $("panel-more");
  panel.replaceChildren();
  panel.append(button(t("language"), () => {
    setLanguage(language() === "en" ? "de" : "en");
    translatePage();
    labelPicker();
    render();
  }, "big"));
  panel.append(element("p", {}, element("a", { href: "/", target: "_blank", text: t("open_display") })));
  panel.append(element("h2", { text: t("change_pin") }));
  const current = element("input", { type: "password", inputmode: "numeric", placeholder: t("current_pin") });
  const next = element("input", { type: "password", inputmode: "numeric", placeholder: t("new_pin") });
  panel.append(current, next, button(t("save"), async () => {
    clearMessages();
    const response = await fetch("/dealer/pin", { method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify({ current: current.value, pin: next.value }) });
    const body = await response.json();
    if (!response.ok) showError(body); else location.reload();
  }, "primary"));
  panel.append(element("h2", { text: t("logout") }), button(t("logout"), async () => {
    await fetch("/dealer/logout", { method: "POST", headers: { "X-CSRF-Token": csrf } });
    location.assign("/dealer/login");
  }, "warn"));
}

// ------------------------------------------------------------------ all together
// A change at the table redraws the panel; what the dealer was typing must survive it.
function inputKey(input) {
  const seat = input.closest("[data-seat]")?.dataset.seat ?? "";
  return `${seat}|${input.getAttribute("aria-label") ?? input.name ?? input.id}`;
}

// Set when a command went through: what was typed when it was sent (key -> value) is used up.
// (The table's stream can redraw the console before the command's answer comes back, and the
// dealer may type the next amount in between: that one stays.)
let usedUp = null;

function panelInputs() {
  return document.querySelectorAll("section.panel input:not([type=checkbox]):not([type=radio])");
}

function typedInputs() {
  const typed = new Map();
  for (const input of panelInputs()) {
    if (input.value !== input.defaultValue) typed.set(inputKey(input), input.value);
  }
  return typed;
}

function keepingInputs(draw) {
  const spent = usedUp;
  usedUp = null;
  const typed = typedInputs();
  const focused = [...panelInputs()].includes(document.activeElement)
    ? inputKey(document.activeElement) : null;
  draw();
  for (const input of panelInputs()) {
    const key = inputKey(input);
    if (typed.has(key) && spent?.get(key) !== typed.get(key)) {
      input.value = typed.get(key);
      input.dispatchEvent(new Event("input")); // buttons that show the amount follow it
    }
    if (!spent && key === focused) input.focus();
  }
}

function render() {
  if (!dealer) return;
  renderSummary();
  keepingInputs(() => {
    if (tab === "hand") renderHand();
    if (tab === "seats") renderSeats();
    if (tab === "game") renderGame();
    if (tab === "more") renderMore();
  });
  document.body.dataset.version = dealer.version;
}

function showTab(name) {
  tab = name;
  for (const panel of document.querySelectorAll("section.panel")) {
    panel.classList.toggle("hidden", panel.dataset.tab !== name);
  }
  for (const b of document.querySelectorAll("nav.tabs button")) {
    b.setAttribute("aria-selected", String(b.dataset.show === name));
  }
  if (name === "night") renderNight(); else render();
}

function labelPicker() {
  for (const [id, key] of [["picker-unread", "unread"], ["picker-back", "back"],
    ["picker-clear", "clear"], ["picker-cancel", "cancel"], ["picker-ok", "ok"]]) {
    $(id).textContent = t(key);
  }
}

chooseLanguage(document.body.dataset.defaultLanguage);
translatePage();
labelPicker();
for (const b of document.querySelectorAll("nav.tabs button")) {
  b.addEventListener("click", () => showTab(b.dataset.show));
}
fetch("/api/dealer/games").then((r) => r.json()).then((body) => { games = body; render(); });
// The console does not wait for the stream: a stream slot may be slow to come or refused.
refresh();
// The public stream says when anything changed (a button at the table, another phone).
new LiveState({
  onState: (s) => { if (!dealer || s.version !== dealer.version) refresh(); },
  onProposal: () => refresh(),
  onConnection: (ok) => $("offline").classList.toggle("hidden", ok),
}).start();
