"""Master Thieves' rule words, in one place: the engine's rulings (``TABLE_RULES``, read from the
game's package, never copied), the screen's own (``SCREEN_RULES``), each role card's one line on the
sheet, and the rules page (``rules_html``) that tells the rules whole.  The table-rules list is the
first two (frontend.boards' default ``table_rules``).  The page: in English and Czech (both our own
words), with figures of a drawer's halves and of a flip."""
from __future__ import annotations

from pycore.master_thieves import TABLE_RULES

from .pictures import GEM_SHAPES
from ...markup import esc

# Where the screen adds to the engine's rulings (the rules page lists both).
SCREEN_RULES = [
    "The cabinet is drawn from the front, unrolled: one row per tier (top, middle, bottom), one "
    "column per side (north, east, south, west). A long drawer is drawn full width with a keyhole "
    "for its secret compartment; a short one narrower with one knob.",
    "A drawer that opens is drawn pulled out on the table in front of the cabinet, with its stones "
    "for everyone to see; then the stones go where they go: to a black cushion, onto the red "
    "cushion, or they stay in. The picture stays while it is the news: until the next drawer opens "
    "or the next round's roles turn up. The screen never lists what lies in a closed drawer, and "
    "without the notebook the log says what happened but not which stones.",
    "Pass and play: only the role choice is secret, so only it is behind a cover, one person at a "
    "time; the roles turn up together when the last person has chosen. Set-up and the drawers' "
    "turns happen in the open: the device passes on without a cover.",
]
# What the sheet reminds of: ``ROLE_HINTS``, a role card's one line (the page says it all).
ROLE_HINTS = {   # a role card's one line (the rules page says it all)
    "smuggler": "Drawer → red cushion",
    "goldsmith": "A fake, and an alarm",
    "connoisseur": "Fakes: 1 + 1 per Detective",
    "thief": "Takes the drawer",
    "master_thief": "Takes the secret part too",
    "detective": "Takes the red cushion",
}


# -- the rules page, in English and in Czech ----------------------------------------------------------
HALVES_WORDS = {
    "en": ("upper half", "floor", "lower half", "stones put in land here", "spills when opened",
           "A drawer seen from the side: its floor is in the middle. What is put in lies in the upper half; "
           "whatever is in the lower half falls out when the drawer is opened.",
           ("secret", "compartment")),
    "cs": ("horní polovina", "dno", "dolní polovina", "sem padá, co vložíte", "při otevření vypadne",
           "Zásuvka z boku: dno má uprostřed. Co do ní vložíte, leží v horní polovině; co je v dolní "
           "polovině, při otevření vypadne.",
           ("tajný", "oddíl")),
}


FLIP_WORDS = {
    "en": ("before", "after a flip", "top", "middle", "bottom", "The cabinet flipped upside down: the tiers "
           "change order, east and west swap, and every upper half becomes a lower one, so a stone that lay "
           "safe now falls out at the next opening."),
    "cs": ("předtím", "po obrácení", "horní", "prostřední", "dolní", "Sekretář obrácený vzhůru nohama: "
           "patra se prohodí, východ a západ si vymění místo a každá horní polovina je teď dolní, takže "
           "kámen, který ležel v bezpečí, při příštím otevření vypadne."),
}


def halves_figure(lang: str) -> str:
    upper, floor, lower, put_in, spills, caption, secret = HALVES_WORDS[lang]
    svg = ('<svg viewBox="0 0 320 150" role="img" aria-label="' + esc(caption) + '">'
           '<rect x="20" y="20" width="150" height="100" rx="6" fill="#4a3322" stroke="#d6aa48" stroke-width="2"/>'
           '<rect x="170" y="20" width="90" height="100" rx="6" fill="#3a281b" stroke="#d6aa48" stroke-width="2" stroke-dasharray="5 3"/>'
           '<path d="M20 70 H260" stroke="#f3ead7" stroke-width="3"/>'
           f'<g transform="translate(60 44)">{GEM_SHAPES["ruby"]}</g><g transform="translate(84 44)">{GEM_SHAPES["diamond"]}</g>'
           f'<g transform="translate(110 90)">{GEM_SHAPES["sapphire"]}</g>'
           '<path d="M118 108 V140" stroke="#d6aa48" stroke-width="2.5"/><path d="M112 132 l6 10 l6 -10 Z" fill="#d6aa48"/>'
           f'<text x="26" y="36" font-size="12" fill="#f3ead7">{esc(upper)}</text>'
           f'<text x="26" y="112" font-size="12" fill="#f3ead7">{esc(lower)}</text>'
           f'<text x="266" y="74" font-size="12" fill="#f3ead7">{esc(floor)}</text>'
           f'<text x="215" y="40" text-anchor="middle" font-size="12" fill="#d6aa48">{esc(secret[0])}</text>'
           f'<text x="215" y="53" text-anchor="middle" font-size="12" fill="#d6aa48">{esc(secret[1])}</text>'
           f'<text x="140" y="148" font-size="12" fill="#d6aa48">{esc(spills)}</text>'
           f'<text x="60" y="14" font-size="12" fill="#d6aa48">{esc(put_in)}</text>'
           '</svg>')
    return f'<figure class="rules-figure">{svg}<figcaption>{esc(caption)}</figcaption></figure>'


def flip_figure(lang: str) -> str:
    before, after, top, middle, bottom, caption = FLIP_WORDS[lang]

    def tiers(x, names, marked_row, sides, gem_up):
        """One cabinet from the front: three tiers, each with its four sides' letters and, in the
        marked tier, the ruby at the right end (clear of the letters)."""
        parts = []
        for row, name in enumerate(names):
            y = 30 + row * 36
            fill = "#6b4a30" if row == marked_row else "#4a3322"
            parts.append(f'<rect x="{x}" y="{y}" width="110" height="32" rx="3" fill="{fill}" stroke="#d6aa48"/>')
            if name:
                parts.append(f'<text x="{x - 6}" y="{y + 21}" text-anchor="end" font-size="15" fill="#f3ead7">{esc(name)}</text>')
            for column, side in enumerate(sides):
                parts.append(f'<text x="{x + 16 + column * 19}" y="{y + 21}" text-anchor="middle" font-size="15" fill="#f3ead7">{side}</text>')
        gy = 30 + marked_row * 36 + (3 if gem_up else 16)
        parts.append(f'<g transform="translate({x + 88} {gy}) scale(.8)">{GEM_SHAPES["ruby"]}</g>')
        return "".join(parts)
    # The right-hand cabinet's tiers are named as on the left: names belong to places, not drawers.
    svg = ('<svg viewBox="0 0 380 150" role="img" aria-label="' + esc(caption) + '">'
           f'<text x="147" y="20" text-anchor="middle" font-size="15" fill="#d6aa48">{esc(before)}</text>'
           f'<text x="313" y="20" text-anchor="middle" font-size="15" fill="#d6aa48">{esc(after)}</text>'
           + tiers(92, (top, middle, bottom), 0, "NESW", True)
           + '<path d="M210 84 h24" stroke="#d6aa48" stroke-width="3"/><path d="M232 77 l10 7 l-10 7 Z" fill="#d6aa48"/>'
           + tiers(258, ("", "", ""), 2, "NWSE", False)
           + "</svg>")
    return f'<figure class="rules-figure">{svg}<figcaption>{esc(caption)}</figcaption></figure>'


RULES_EN = """
<p class="lead">A wooden cabinet with twelve drawers stands in the middle of the table. Its tiers turn and the
whole thing flips upside down, and nobody can tell which way up it stands. The gems are in it; only
your memory says where.</p>
<section><h3>The cabinet</h3>
<p>Three tiers (top, middle, bottom) of four drawers, one facing each side: north, east, south and west.
In each tier two drawers are short and two are long; a long drawer hides a secret compartment behind
its normal one. Drawers are always named as you see them now: "the middle east drawer".</p>
{halves}
<p>Every compartment has its floor in the middle, so it has an upper and a lower half. Anything put
into a drawer lands in the upper half. When a drawer is opened, whatever lies in its lower half falls
out onto the table.</p>
{flip}
<p>Turning a tier a quarter moves each of its drawers one side clockwise (north to east). Flipping the
cabinet turns it upside down: the top tier becomes the bottom one, east and west swap, and every
upper half becomes a lower half.</p></section>
<section><h3>Gems and cushions</h3>
<p>Diamonds are worth 1, sapphires 2, rubies 4. Six rubies start in the secret compartments and
twelve diamonds are hidden by the players, everyone watching. Each player gets a white cushion with
8 diamonds and 2 sapphires: fakes, which count against you. Gems you win go on your black cushion.
Spilled gems go on the red cushion in the middle.</p></section>
<section><h3>A round</h3>
<ol>
<li>Everyone chooses a role in secret. Then all roles turn over together.</li>
<li>Roles act in this order: Smuggler, Goldsmith, Connoisseur, Thief, Master Thief (the Detective
opens nothing). Equal roles act in turn order, starting with the round's first player.</li>
<li>Acting: open one drawer. If gems fall out, they go on the red cushion and your turn ends (only
the Connoisseur still puts in fakes). If nothing falls out, your role acts on that drawer, and then
you may turn one tier and/or flip the cabinet.</li>
<li>At the end of the round the red cushion is shared: by the Smugglers if there are more of them than
Detectives, otherwise by the Detectives.</li>
</ol></section>
<section><h3>The roles</h3>
<ul>
<li><strong>Smuggler</strong>: moves what lies in the drawer onto the red cushion.</li>
<li><strong>Goldsmith</strong>: may put one fake in, and may set an alarm token there. When an alarm
token falls out, its owner takes the gems it falls with.</li>
<li><strong>Connoisseur</strong>: puts one fake in, plus one more for each Detective, even after a spill.</li>
<li><strong>Thief</strong>: takes what lies in the drawer.</li>
<li><strong>Master Thief</strong>: pulls a long drawer all the way out and takes the secret compartment too
(but both lower halves can spill).</li>
<li><strong>Detective</strong>: opens nothing, and takes the red cushion unless Smugglers outnumber the Detectives.</li>
</ul></section>
<section><h3>The end</h3>
<p>When a round ends with someone's white cushion empty, the game is over. Your score is your black
cushion minus your white cushion; the best score wins, and equal best scores share the win.</p></section>"""


RULES_CS = """
<p class="lead">Uprostřed stolu stojí dřevěný sekretář s dvanácti zásuvkami. Jeho patra se otáčejí a celý se
dá obrátit vzhůru nohama, aniž by na něm kdokoli poznal, jak zrovna stojí. Drahokamy jsou uvnitř; kde
přesně, ví jen vaše paměť.</p>
<section><h3>Sekretář</h3>
<p>Tři patra (horní, prostřední, dolní) po čtyřech zásuvkách, na každou světovou stranu jedna: sever,
východ, jih a západ. V každém patře jsou dvě zásuvky krátké a dvě dlouhé; dlouhá zásuvka skrývá za
běžnou přihrádkou tajný oddíl. Zásuvky se vždy jmenují podle toho, jak je vidíte teď: „prostřední
východní zásuvka“.</p>
{halves}
<p>Každá přihrádka má dno uprostřed, a tedy horní a dolní polovinu. Co do zásuvky vložíte, padne do
horní poloviny. Když se zásuvka otevře, vše, co leží v její dolní polovině, vypadne na stůl.</p>
{flip}
<p>Otočení patra o čtvrt otáčky posune každou jeho zásuvku o stranu po směru hodin (ze severu na
východ). Obrácení sekretáře ho postaví vzhůru nohama: horní patro je dole, východ a západ se
prohodí a každá horní polovina se stane dolní.</p></section>
<section><h3>Drahokamy a polštářky</h3>
<p>Diamant má 1 bod, safír 2, rubín 4. Šest rubínů začíná v tajných oddílech a dvanáct diamantů
schovají hráči, zatímco ostatní přihlížejí. Každý hráč dostane bílý polštářek s 8 diamanty a
2 safíry: to jsou falzifikáty a počítají se vám do minusu. Získané drahokamy dáváte na svůj černý
polštářek. Co vypadne, jde na červený polštářek uprostřed.</p></section>
<section><h3>Kolo</h3>
<ol>
<li>Každý tajně zvolí roli. Pak se všechny role otočí najednou.</li>
<li>Role hrají v tomto pořadí: pašerák, zlatník, znalec, zloděj, mistr zloděj (detektiv nic
neotevírá). Stejné role hrají v pořadí hráčů, počínaje prvním hráčem kola.</li>
<li>Tah: otevřete jednu zásuvku. Když z ní něco vypadne, jde to na červený polštářek a váš tah končí
(jen znalec ještě vkládá falzifikáty). Když nevypadne nic, vaše role zapůsobí na tu zásuvku a pak smíte
otočit jedno patro a/nebo obrátit celý sekretář.</li>
<li>Na konci kola se dělí červený polštářek: pašeráci, je-li jich víc než detektivů, jinak detektivové.</li>
</ol></section>
<section><h3>Role</h3>
<ul>
<li><strong>Pašerák</strong>: přesune obsah zásuvky na červený polštářek.</li>
<li><strong>Zlatník</strong>: smí vložit jeden falzifikát a smí do zásuvky dát svůj žeton poplachu. Když
žeton vypadne, jeho majitel dostane drahokamy, které vypadly s ním.</li>
<li><strong>Znalec</strong>: vloží jeden falzifikát a za každého detektiva ještě jeden, i když něco vypadlo.</li>
<li><strong>Zloděj</strong>: vezme, co v zásuvce leží.</li>
<li><strong>Mistr zloděj</strong>: vytáhne dlouhou zásuvku celou a vezme i obsah tajného oddílu (ale
vypadnout může z obou dolních polovin).</li>
<li><strong>Detektiv</strong>: nic neotevírá a bere červený polštářek, pokud pašeráků není víc než detektivů.</li>
</ul></section>
<section><h3>Konec</h3>
<p>Když skončí kolo, ve kterém má někdo prázdný bílý polštářek, hra končí. Body: černý polštářek minus
bílý polštářek; vyhrává nejvyšší skóre, při rovnosti se vítězové dělí.</p>
<p class="muted">Podrobnosti, jak hraje tento stůl, jsou níže v angličtině (How this table plays it).</p></section>"""


def rules_html() -> str:
    """The rules in our own words, in English and in Czech (the game's own language); a switch
    made of two radio buttons shows one at a time, with no script."""
    english = RULES_EN.format(halves=halves_figure("en"), flip=flip_figure("en"))
    czech = RULES_CS.format(halves=halves_figure("cs"), flip=flip_figure("cs"))
    return ('<div class="mt-rules">'
            # data-field names them for the shell's input listener (which reads every input's field).
            '<input type="radio" name="mt-lang" id="mt-lang-en" class="mt-lang-input" data-field="rules-language" checked>'
            '<input type="radio" name="mt-lang" id="mt-lang-cs" class="mt-lang-input" data-field="rules-language">'
            '<p class="mt-lang-switch" role="group" aria-label="Language / Jazyk">'
            '<label for="mt-lang-en" class="btn small" lang="en">English</label>'
            '<label for="mt-lang-cs" class="btn small" lang="cs">Česky</label></p>'
            f'<div class="mt-lang-en" lang="en" data-testid="rules-en">{english}</div>'
            f'<div class="mt-lang-cs" lang="cs" data-testid="rules-cs">{czech}</div></div>')
