"""Keep card entities in step with a rules state, zone by zone, with natural animations.

A table describes what each zone should hold (``{"hand": ["2M", ...], "gate_1": [...]}``)
and where each slot of a zone is drawn. ``CardSync.sync`` matches the entities it already
has to the wanted cards: a card that stays in its zone keeps its entity; a card that left
one zone and arrived in another (discarded, captured, revealed) keeps its entity and glides
across; a card that appears from nowhere visible (revealed from the stock, played from a
hidden hand) is created at the source the table names and flips face up on the way; a card
that vanished from view (into a hidden hand) turns face down at once, flies to its
destination and is deleted. Of identical cards (two decks) the one the person moved leaves
its zone (``leaving``), not its twin.
``clear`` takes a whole zone off the table at once (a hand whose owner left the screen).
"""

from __future__ import annotations

from collections.abc import Callable

import esper

from ecs.components import CardFace, Draggable, Held, Hoverable, Sprite, Transform, ZOrder
from ecs.tween import animate, ease_in, flip, glide

Slot = tuple[float, float, float, float]  # x, y, angle, z


class CardSync:
    def __init__(self, image: Callable[[str, int], object], back: str = "back") -> None:
        self.image = image
        self.back = back
        self.zones: dict[str, list[tuple[str, int]]] = {}
        self.widths: dict[int, int] = {}
        # entities the person just moved (dragged, clicked): where a zone keeps fewer copies of
        # a card than it had (two decks), these are the copies that leave; cleared by ``sync``
        self.leaving: set[int] = set()
        self.departed: list[tuple[str, int]] = []  # cards the last sync sent off the table
        # cards the last sync brought onto the table: (zone, entity, where it started)
        self.arrived: list[tuple[str, int, tuple[float, float]]] = []

    def entities(self, zone: str) -> list[tuple[str, int]]:
        return self.zones.get(zone, [])

    def zone_of(self, ent: int) -> str | None:
        for name, cards in self.zones.items():
            if any(e == ent for _, e in cards):
                return name
        return None

    def code_of(self, ent: int) -> str | None:
        for cards in self.zones.values():
            for code, e in cards:
                if e == ent:
                    return code
        return None

    def clear(self, zone: str) -> None:
        """Take a zone's cards off the table at once (turned face down first, so not even
        a frame can show them), e.g. a hand whose owner has left the screen."""
        for _, ent in self.zones.pop(zone, []):
            remove_now(ent)
            self.widths.pop(ent, None)

    def send_off(self, zone: str, ents, to: tuple[float, float], delay: float = 0.0) -> None:
        """Take the cards ``ents`` out of ``zone`` now, face down, and send them to ``to``,
        where they go (discards shuffled into a new stock). Out of every zone, none is
        taken over by the next ``sync``: a card drawn from the new stock had come off the
        pile, the very entity of the discard it had been, its last-move tag and all."""
        ents = set(ents)
        for _, ent in self.zones.get(zone, []):
            if ent not in ents:
                continue
            if esper.has_component(ent, Held):  # (in the person's hand: it goes at once)
                remove_now(ent)
                continue
            hide_now(ent)
            glide(ent, *to, 0.4, delay=delay,
                  on_done=lambda e=ent: esper.entity_exists(e) and esper.delete_entity(e))
        self.zones[zone] = [p for p in self.zones.get(zone, []) if p[1] not in ents]

    def planned(self, wanted: dict[str, list[str]]) -> dict[str, list[int | None]]:
        """The entity ``sync(wanted)`` would put in each place of each zone (None: a card
        that appears from nowhere, a new entity): a table laying out slots per entity (two
        identical cards) asks first."""
        kept, free = self._match(wanted)
        out: dict[str, list[int | None]] = {}
        for zone, codes in wanted.items():
            row = []
            for code, pair in zip(codes, kept[zone]):
                if pair is None and free.get(code):
                    pair = free[code].pop(0)
                row.append(None if pair is None else pair[1])
            out[zone] = row
        return out

    def _match(self, wanted: dict[str, list[str]]) -> tuple[dict, dict]:
        """Which entities stay in their zone (``kept``: per zone, an entity or None for each
        wanted card) and which are free to go elsewhere (``free``: code -> [(zone, entity)])."""
        free: dict[str, list[tuple[str, int]]] = {}  # code -> (old zone, entity)
        kept: dict[str, list[tuple[str, int] | None]] = {}
        for zone, codes in wanted.items():
            have = list(self.zones.get(zone, []))
            row: list[tuple[str, int] | None] = []
            for code in codes:
                match = next((p for p in have if p[0] == code and p[1] not in self.leaving),
                             None) or next((p for p in have if p[0] == code), None)
                if match is not None:
                    have.remove(match)
                row.append(match)
            kept[zone] = row
            for code, ent in have:
                free.setdefault(code, []).append((zone, ent))
        for zone in list(self.zones):
            if zone not in wanted:
                for code, ent in self.zones[zone]:
                    free.setdefault(code, []).append((zone, ent))
        return kept, free

    def sync(self, wanted: dict[str, list[str]], slots: Callable[[str, int, int], Slot],
             widths: Callable[[str], int], source: Callable[[str, str], tuple[float, float]],
             sink: Callable[[str, str], tuple[float, float]], duration: float = 0.35,
             delay: float = 0.0, instant: bool = False, face_up: Callable[[str], bool] =
             lambda zone: True, shown_leaving: Callable[[str, str], bool] | None = None
             ) -> None:
        """Make the entities match ``wanted``.

        ``slots(zone, index, count)`` gives where card ``index`` of a zone goes;
        ``widths(zone)`` the card width there; ``source(zone, code)`` where a card that
        appears from nowhere starts (None: it was there all along, uncovered, and appears in
        its place as it is); ``sink(zone, code)`` where a vanishing card of ``zone`` flies
        to (None: it stays where it is, buried, and goes at once); ``face_up(zone)`` whether
        the zone shows faces; ``shown_leaving(zone, code)`` whether a vanishing card stays
        face up on its way and fades out as it arrives (a discard bought into a hidden hand:
        everybody saw it bought); the others turn face down at once. The vanishing cards of
        this sync are in ``departed`` until the next.
        """
        kept, free = self._match(wanted)
        self.departed = []
        self.arrived = []
        new_zones: dict[str, list[tuple[str, int]]] = {}
        uncovered: set[int] = set()
        for zone, codes in wanted.items():
            row = kept[zone]
            out = []
            for i, code in enumerate(codes):
                pair = row[i]
                if pair is None:
                    if free.get(code):
                        _, ent = free[code].pop(0)
                        pair = (code, ent)
                    else:
                        start = source(zone, code)
                        if start is None:  # it was there all along (uncovered): no flight,
                            # as it lay, under the cards on it (made at the flying height,
                            # it lay on top of its pile while it turned into its slot)
                            x, y, angle, z = slots(zone, i, len(codes))
                            ent = self._create(code, (x, y), widths(zone), face_up=face_up(zone))
                            esper.component_for_entity(ent, Transform).angle = angle
                            esper.component_for_entity(ent, ZOrder).z = z - 1  # (the card
                            # on it may still stand in this slot until it moves up)
                            uncovered.add(ent)
                        else:
                            ent = self._create(code, start, widths(zone), face_up=instant and
                                               face_up(zone))
                            self.arrived.append((zone, ent, start))
                            if not instant and face_up(zone):
                                flip(ent, 0.3, face_up=True, delay=delay)
                        pair = (code, ent)
                out.append(pair)
            new_zones[zone] = out
        for code, leftovers in free.items():
            for zone, ent in leftovers:
                end = None if instant else sink(zone, code)
                if esper.has_component(ent, Held):  # in the person's hand as another seat
                    # took it (a discard bought): it goes at once (let go, it glided back to
                    # its old place and stayed there, a ghost face up)
                    remove_now(ent)
                    self.departed.append((code, ent))
                elif end is None:  # (or it stays where it is, out of sight: buried)
                    remove_now(ent)
                else:
                    x, y = end
                    if shown_leaving is not None and shown_leaving(zone, code):
                        animate(ent, "alpha", 0.0, 0.2, ease_in, delay=delay + 0.2)
                    else:
                        hide_now(ent)  # it goes out of sight (another seat's hand)
                    glide(ent, x, y, 0.4, delay=delay,
                          on_done=lambda e=ent: esper.entity_exists(e) and esper.delete_entity(e))
                    self.departed.append((code, ent))
        self.zones = new_zones
        self.leaving = set()
        for zone, cards in self.zones.items():
            width = widths(zone)
            up = face_up(zone)
            for i, (code, ent) in enumerate(cards):
                self._set_width(ent, code, width)
                face = esper.component_for_entity(ent, CardFace)
                if instant or not up:  # hiding is never animated: not a frame face up
                    if not up:
                        hide_now(ent)
                    face.face_up = up
                elif face.face_up != up and not flipping(ent):
                    flip(ent, 0.3, face_up=up, delay=delay)
                x, y, angle, z = slots(zone, i, len(cards))
                held = esper.try_component(ent, Held)
                if held is not None:  # in the person's hand: it stays there, with a new home
                    held.home = (x, y, z)
                    continue
                t = esper.component_for_entity(ent, Transform)
                if instant or duration <= 0:
                    esper.component_for_entity(ent, ZOrder).z = z
                    cancel_move(ent)
                    t.x, t.y, t.angle = x, y, angle
                elif (round(t.x), round(t.y), round(t.angle)) != (round(x), round(y), round(angle)):
                    glide(ent, x, y, duration, angle=angle, z=z, delay=delay)
                elif ent not in uncovered:
                    esper.component_for_entity(ent, ZOrder).z = z

    def _create(self, code: str, pos, width: int, face_up: bool) -> int:
        front, back = self.image(code, width), self.image(self.back, width)
        return esper.create_entity(
            Transform(*pos), Sprite(front), ZOrder(900), CardFace(front, back, face_up, code),
            Draggable(enabled=False, kind="card", data=code), Hoverable())

    def _set_width(self, ent: int, code: str, width: int) -> None:
        if self.widths.get(ent) == width:
            return
        self.widths[ent] = width
        face = esper.component_for_entity(ent, CardFace)
        face.front, face.back = self.image(code, width), self.image(self.back, width)
        esper.component_for_entity(ent, Sprite).image = face.front


def hide_now(ent: int) -> None:
    """Turn a card face down at once, cancelling a flip under way (which would turn it
    face up again half-way)."""
    face = esper.try_component(ent, CardFace)
    if face is None:
        return
    if flipping(ent):
        animate(ent, "squash", 1.0, 0.0)
    face.face_up = False


def remove_now(ent: int) -> None:
    """Delete a card entity immediately (not at the next frame), face down meanwhile."""
    face = esper.try_component(ent, CardFace)
    if face is not None:
        face.face_up = False
    if esper.entity_exists(ent):
        esper.delete_entity(ent, immediate=True)


def cancel_move(ent: int) -> None:
    """Stop a card's glide (its place, angle and the rise of ``glide``), not its flip."""
    from ecs.components import Tweens

    tweens = esper.try_component(ent, Tweens)
    if tweens is not None:
        tweens.items = [t for t in tweens.items if t.attr not in ("x", "y", "angle")]


def flipping(ent: int) -> bool:
    """Is the card being turned over (a flip under way decides its face)?"""
    from ecs.components import Tweens

    tweens = esper.try_component(ent, Tweens)
    return tweens is not None and any(t.attr == "squash" for t in tweens.items)
