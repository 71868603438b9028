// English and German for every text the pages write themselves. Texts that come with the
// state (game names, hand names, refusals) arrive in both languages from the server.
//
// The language is chosen with ?lang=en|de in the address (for a TV started by a script),
// else the visitor's last choice, else the page's default.

const TEXTS = {
  en: {
    pot: "Pot", main_pot: "Main pot", side_pot: "Side pot {n}", seats: "seats",
    to_act: "{name} to act", to_call: "to call {amount}", check_free: "may check",
    min_raise: "min raise to {amount}", min_bet: "min bet {amount}", max: "max {amount}",
    bring_in_or_complete: "bring-in {bring_in} or complete to {amount}",
    folded: "Folded", all_in: "All-in", sitting_out: "Sitting out", waiting_bb: "Waits for the big blind",
    empty_seat: "Seat {n}", button: "D", small_blind: "SB", big_blind: "BB", straddle: "Straddle",
    dead_button: "dead button",
    level: "Level {n}", next_level: "Next: {stakes}", next_break: "Break in {time}",
    on_break: "Break", clock_paused: "Paused", no_clock: "",
    blinds: "Blinds {small}/{big}", ante: "ante {ante}", bring_in: "bring-in {amount}",
    limits: "{small}/{big} limit",
    hand_no: "Hand #{n}", no_hand: "Waiting for the next hand", hand_over: "Hand over",
    winner_takes: "{name} wins {amount}", split_between: "split between {names}",
    odd_chip: "odd chip to {names} (first left of the button)",
    high_half: "High", low_half: "Low", no_low: "no qualifying low: high takes all",
    uncontested: "uncontested", run: "Run {n}", rake: "rake {amount}",
    equity: "Equity", connecting: "Connecting…", offline: "No connection — reconnecting…",
    history: "Hand history", table: "Table", language: "Deutsch", four_colour: "4-colour deck",
    colour_blind: "Colour-blind theme", big_suits: "Large suits", settings: "Display",
    street: "Street", actions: "Actions", results: "Results", board: "Board",
    no_history: "No hands played yet.", shows: "shows", mucks: "mucks",
    action_timer: "{seconds} s",
    dealer: "Dealer", login: "Log in", pin: "PIN", setup_code: "Setup code",
    new_pin: "New PIN (4-12 digits)", set_pin: "Set PIN", logout: "Log out",
    setup_hint: "First start: choose the dealer's PIN. The setup code is printed where `tableside serve` runs.",
    login_hint: "Only the dealer can change the table.",
    carried: "carried to the next deal: {amount}",
    passed_out: "Passed out", dealers_choice: "Dealer's choice", seat_n: "Seat {n}",
    declared: "Called: {name}", misdeclared: "misdeclared: loses",
  },
  de: {
    pot: "Pot", main_pot: "Hauptpot", side_pot: "Sidepot {n}", seats: "Plätze",
    to_act: "{name} ist dran", to_call: "Call {amount}", check_free: "kann checken",
    min_raise: "Raise mind. auf {amount}", min_bet: "Bet mind. {amount}", max: "max. {amount}",
    bring_in_or_complete: "Bring-in {bring_in} oder komplettieren auf {amount}",
    folded: "Gepasst", all_in: "All-in", sitting_out: "Pausiert", waiting_bb: "Wartet auf den Big Blind",
    empty_seat: "Platz {n}", button: "D", small_blind: "SB", big_blind: "BB", straddle: "Straddle",
    dead_button: "toter Button",
    level: "Stufe {n}", next_level: "Nächste: {stakes}", next_break: "Pause in {time}",
    on_break: "Pause", clock_paused: "Angehalten", no_clock: "",
    blinds: "Blinds {small}/{big}", ante: "Ante {ante}", bring_in: "Bring-in {amount}",
    limits: "Limit {small}/{big}",
    hand_no: "Hand Nr. {n}", no_hand: "Warten auf die nächste Hand", hand_over: "Hand vorbei",
    winner_takes: "{name} gewinnt {amount}", split_between: "geteilt zwischen {names}",
    odd_chip: "ungerader Chip an {names} (erster links vom Button)",
    high_half: "High", low_half: "Low", no_low: "kein gültiges Low: High gewinnt alles",
    uncontested: "ohne Showdown", run: "Durchgang {n}", rake: "Rake {amount}",
    equity: "Equity", connecting: "Verbinde…", offline: "Keine Verbindung – verbinde neu…",
    history: "Handverlauf", table: "Tisch", language: "English", four_colour: "4-Farben-Deck",
    colour_blind: "Farbenblind-Modus", big_suits: "Große Farbsymbole", settings: "Anzeige",
    street: "Straße", actions: "Aktionen", results: "Ergebnis", board: "Board",
    no_history: "Noch keine Hand gespielt.", shows: "zeigt", mucks: "wirft weg",
    action_timer: "{seconds} s",
    dealer: "Geber", login: "Anmelden", pin: "PIN", setup_code: "Einrichtungscode",
    new_pin: "Neue PIN (4-12 Ziffern)", set_pin: "PIN setzen", logout: "Abmelden",
    setup_hint: "Erster Start: die PIN des Gebers wählen. Der Einrichtungscode steht in der Ausgabe von `tableside serve`.",
    login_hint: "Nur der Geber kann den Tisch ändern.",
    carried: "bleibt für die nächste Runde: {amount}",
    passed_out: "Niemand eröffnet", dealers_choice: "Geber wählt", seat_n: "Platz {n}",
    declared: "Angesagt: {name}", misdeclared: "falsch angesagt: verliert",
  },
};

// A page adds its own texts: extendTexts({en: {...}, de: {...}}).
export function extendTexts(more) {
  for (const lang of Object.keys(TEXTS)) Object.assign(TEXTS[lang], more[lang] || {});
}

const STORAGE_KEY = "tableside.lang";
let current = "en";

export function chooseLanguage(fallback) {
  const asked = new URLSearchParams(location.search).get("lang");
  let stored = null;
  try { stored = localStorage.getItem(STORAGE_KEY); } catch (error) { stored = null; }
  current = [asked, stored, fallback, "en"].find((lang) => lang in TEXTS);
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

export function setLanguage(lang) {
  if (!(lang in TEXTS)) return;
  current = lang;
  document.documentElement.lang = lang;
  try { localStorage.setItem(STORAGE_KEY, lang); } catch (error) { /* private mode */ }
}

export function t(key, params = {}) {
  const text = TEXTS[current][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? params[name] : `{${name}}`));
}

// A text sent in both languages: {"en": ..., "de": ...} (or a plain string).
export function pick(texts) {
  if (texts === null || texts === undefined) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.en ?? "";
}

export function chips(amount) {
  if (amount === null || amount === undefined) return "";
  return Number(amount).toLocaleString(current === "de" ? "de-DE" : "en-GB");
}

// Fill every element with data-i18n="key" in the current language.
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-placeholder]")) {
    element.placeholder = t(element.dataset.i18nPlaceholder);
  }
}
