"""Refusals: every illegal event is refused with the rule it breaks, in English and German."""

from __future__ import annotations

_MESSAGES: dict[str, dict[str, str]] = {
    "hand_over": {
        "en": "the hand is over",
        "de": "die Hand ist vorbei"},
    "not_your_turn": {
        "en": "it is {actor}'s turn, not {player}'s",
        "de": "{actor} ist am Zug, nicht {player}"},
    "no_action_expected": {
        "en": "no player action now: the dealer must {waiting}",
        "de": "keine Spieleraktion jetzt: der Geber muss {waiting}"},
    "folded": {
        "en": "{player} has folded",
        "de": "{player} hat gepasst"},
    "below_min_bet": {
        "en": "{verb} {to} is below the minimum {verb_noun} {minimum}",
        "de": "{verb_de} {to} liegt unter dem Minimum {minimum}"},
    "above_max_bet": {
        "en": "{verb} {to} is above the {limit} maximum {maximum}",
        "de": "{verb_de} {to} liegt über dem Maximum {maximum} ({limit_de})"},
    "fixed_amount": {
        "en": "in fixed limit {verb} goes to exactly {exact}, not {to}",
        "de": "im Limit geht {verb_de} genau auf {exact}, nicht auf {to}"},
    "more_than_stack": {
        "en": "{player} has only {stack} left: {verb} {to} is more than that (table stakes)",
        "de": "{player} hat nur noch {stack}: {verb_de} {to} ist mehr (Table Stakes)"},
    "raise_capped": {
        "en": "the betting is capped at {cap} bets and raises this round",
        "de": "die Einsätze sind bei {cap} Bets und Raises in dieser Runde gedeckelt"},
    "not_reopened": {
        "en": "the betting was not reopened: an all-in for less than a full raise lets "
              "{player} only call or fold",
        "de": "die Runde wurde nicht wieder eröffnet: ein All-in unter einer vollen Erhöhung "
              "erlaubt {player} nur Call oder Fold"},
    "no_raise_all_in": {
        "en": "every opponent is all-in, so {player} can only call or fold",
        "de": "alle Gegner sind all-in, {player} kann nur callen oder passen"},
    "raise_not_above_bet": {
        "en": "{to} does not raise: the bet is already {current}",
        "de": "{to} ist keine Erhöhung: es stehen schon {current}"},
    "bring_in_not_now": {
        "en": "a bring-in is only posted as the first action of third street",
        "de": "ein Bring-in wird nur als erste Aktion der dritten Straße gesetzt"},
    "bring_in_due": {
        "en": "{player} must bring in or complete first",
        "de": "{player} muss zuerst das Bring-in setzen oder komplettieren"},
    "unexpected_deal": {
        "en": "no {what} now: the dealer must {waiting}",
        "de": "jetzt keine {what_de}: der Geber muss {waiting}"},
    "wrong_card_count": {
        "en": "{expected} {what} are due here, not {got}",
        "de": "hier sind {expected} {what_de} fällig, nicht {got}"},
    "duplicate_card": {
        "en": "{card} is already in play",
        "de": "{card} ist schon im Spiel"},
    "card_not_in_deck": {
        "en": "{card} is not in this game's deck",
        "de": "{card} gehört nicht zum Deck dieses Spiels"},
    "not_holding": {
        "en": "{player} does not hold {card}",
        "de": "{player} hat {card} nicht"},
    "too_many_discards": {
        "en": "at most {limit} cards may be drawn{ace_en}, not {got}",
        "de": "höchstens {limit} Karten dürfen getauscht werden{ace_de}, nicht {got}"},
    "already_drawn": {
        "en": "{player} has already drawn this round",
        "de": "{player} hat in dieser Runde schon getauscht"},
    "not_at_showdown": {
        "en": "hands are shown at the showdown (or when everyone is all-in), not now",
        "de": "Karten werden beim Showdown (oder wenn alle all-in sind) gezeigt, nicht jetzt"},
    "not_contending": {
        "en": "{player} is not in the pot",
        "de": "{player} ist nicht mehr im Pot"},
    "already_shown": {
        "en": "{player} has already shown or mucked",
        "de": "{player} hat schon gezeigt oder weggeworfen"},
    "must_show": {
        "en": "all hands are shown at this table: {player} may not muck",
        "de": "an diesem Tisch werden alle Hände gezeigt: {player} darf nicht wegwerfen"},
    "wrong_shown_cards": {
        "en": "{player} was dealt {dealt}, not {shown}",
        "de": "{player} hat {dealt} bekommen, nicht {shown}"},
    "run_twice_not_allowed": {
        "en": "running it twice is not allowed at this table",
        "de": "zweimal ausspielen ist an diesem Tisch nicht erlaubt"},
    "run_twice_not_now": {
        "en": "the board can only be run twice when everyone is all-in before the river",
        "de": "zweimal ausspielen geht nur, wenn vor dem River alle all-in sind"},
    "no_openers": {
        "en": "{player} cannot open: a pair of {rank} or better is needed",
        "de": "{player} darf nicht eröffnen: ein Paar {rank_de} oder besser ist nötig"},
    "split_openers": {
        "en": "these discards break {player}'s openers: declare the split (the discarded "
              "openers are kept aside and shown at the end)",
        "de": "dieser Tausch bricht die Eröffnungskarten von {player}: den Split ansagen (die "
              "abgelegten Eröffnungskarten bleiben beiseite und werden am Ende gezeigt)"},
    "draw_count": {
        "en": "in this draw a player exchanges {counts} cards or stands pat, not {got}",
        "de": "in dieser Tauschrunde werden {counts_de} Karten getauscht oder keine, "
              "nicht {got}"},
    "must_declare": {
        "en": "hands are declared at this table: {player} must call the hand shown",
        "de": "an diesem Tisch werden Hände angesagt: {player} muss die gezeigte Hand ansagen"},
    "no_declaring": {
        "en": "hands are not declared at this table: the cards speak",
        "de": "an diesem Tisch werden keine Hände angesagt: die Karten sprechen"},
    "bad_player": {
        "en": "there is no {player} in this hand",
        "de": "in dieser Hand gibt es keinen {player}"},
}

WAITING = {
    "deal_hole": {"en": "deal the hole cards", "de": "die Karten der Spieler geben"},
    "deal_board": {"en": "deal the board", "de": "das Board geben"},
    "draw": {"en": "take the draws", "de": "die Tauschrunde abwickeln"},
    "showdown": {"en": "settle the showdown", "de": "den Showdown abwickeln"},
    "betting": {"en": "wait for {actor}", "de": "auf {actor} warten"},
    "over": {"en": "start a new hand", "de": "eine neue Hand beginnen"},
}


def player_label(player: int, lang: str = "en") -> str:
    return f"{'player' if lang == 'en' else 'Spieler'} {player + 1}"


def chips(amount: int, lang: str = "en") -> str:
    text = f"{amount:,}"
    return text.replace(",", ".") if lang == "de" else text


class IllegalAction(ValueError):
    """An event the rules refuse. ``rule`` names the rule; ``legal`` lists what is allowed."""

    def __init__(self, rule: str, legal: object | None = None, **params: object):
        self.rule = rule
        self.legal = legal
        self.params = params
        super().__init__(rule)

    def __str__(self) -> str:
        # Built when read: the engine may attach the legal choices after creating the error.
        return self.message("en")

    def message(self, lang: str = "en") -> str:
        fields = {}
        for key, value in self.params.items():
            if key in ("player", "actor") and isinstance(value, int):
                value = player_label(value, lang)
            elif isinstance(value, int) and not isinstance(value, bool):
                value = chips(value, lang)
            elif isinstance(value, dict):
                value = value.get(lang, value["en"])
            fields[key] = value
        if self.rule == "too_many_discards":
            ace = bool(self.params.get("ace"))
            fields["ace_en"] = " (four when the card kept is an ace)" if ace else ""
            fields["ace_de"] = " (vier, wenn die behaltene Karte ein Ass ist)" if ace else ""
        text = _MESSAGES[self.rule][lang].format(**fields)
        if self.legal is not None:
            allowed = self.legal.describe(lang)
            text += f"; {'legal' if lang == 'en' else 'erlaubt'}: {allowed}"
        return text
