"""The site's translations (Polish, Dutch, Romanian), kept as data so that
``python locale/translations.py`` can fill the .po files that
``manage.py makemessages`` writes, then ``manage.py compilemessages`` builds
the .mo files.  A plural entry lists the forms in the order of the language's
Plural-Forms (pl: one, few, many, other; ro: one, few, many; nl: one, other).
Strings left out fall back to English."""
from __future__ import annotations

import re
import sys
from pathlib import Path

T: dict[str, dict[str, object]] = {
    "English": {"pl": "angielski", "nl": "Engels", "ro": "engleză"},
    "Polish": {"pl": "polski", "nl": "Pools", "ro": "poloneză"},
    "Dutch": {"pl": "niderlandzki", "nl": "Nederlands", "ro": "neerlandeză"},
    "Romanian": {"pl": "rumuński", "nl": "Roemeens", "ro": "română"},
    "Open domino practice": {"pl": "Trening domina otwartego", "nl": "Open domino oefenen", "ro": "Antrenament de domino deschis"},
    "You play": {"pl": "Grasz jako", "nl": "Jij speelt", "ro": "Joci cu"},
    "A": {"pl": "A", "nl": "A", "ro": "A"},
    "B": {"pl": "B", "nl": "B", "ro": "B"},
    "Opponent": {"pl": "Przeciwnik", "nl": "Tegenstander", "ro": "Adversar"},
    "Deal number (optional)": {"pl": "Numer rozdania (opcjonalnie)", "nl": "Spelnummer (optioneel)", "ro": "Numărul împărțelii (opțional)"},
    "The same number always deals the same stones.": {
        "pl": "Ten sam numer zawsze daje te same kamienie.",
        "nl": "Hetzelfde nummer deelt altijd dezelfde stenen.",
        "ro": "Același număr împarte mereu aceleași pietre.",
    },
    "Or start from a position (optional)": {"pl": "Albo zacznij od pozycji (opcjonalnie)", "nl": "Of begin vanuit een stelling (optioneel)", "ro": "Sau pornește dintr-o poziție (opțional)"},
    "Give a deal number or a position, not both.": {
        "pl": "Podaj numer rozdania albo pozycję, nie oba naraz.",
        "nl": "Geef een spelnummer of een stelling, niet allebei.",
        "ro": "Dă un număr de împărțeală sau o poziție, nu pe amândouă.",
    },
    "pending": {"pl": "w toku", "nl": "bezig", "ro": "în curs"},
    "done": {"pl": "gotowe", "nl": "klaar", "ro": "gata"},
    "failed": {"pl": "nieudane", "nl": "mislukt", "ro": "eșuat"},
    "position": {"pl": "pozycja", "nl": "stelling", "ro": "poziție"},
    "status": {"pl": "stan", "nl": "status", "ro": "stare"},
    "result": {"pl": "wynik", "nl": "uitslag", "ro": "rezultat"},
    "error": {"pl": "błąd", "nl": "fout", "ro": "eroare"},
    "analysis": {"pl": "analiza", "nl": "analyse", "ro": "analiză"},
    "analyses": {"pl": "analizy", "nl": "analyses", "ro": "analize"},
    "perfect": {"pl": "bezbłędny", "nl": "perfect", "ro": "perfect"},
    "strong": {"pl": "silny", "nl": "sterk", "ro": "puternic"},
    "casual": {"pl": "rekreacyjny", "nl": "ontspannen", "ro": "relaxat"},
    "your move": {"pl": "twój ruch", "nl": "jouw zet", "ro": "mutarea ta"},
    "thinking": {"pl": "myśli", "nl": "denkt na", "ro": "se gândește"},
    "over": {"pl": "koniec", "nl": "afgelopen", "ro": "încheiat"},
    "start position": {"pl": "pozycja początkowa", "nl": "beginstelling", "ro": "poziția de start"},
    "current position": {"pl": "bieżąca pozycja", "nl": "huidige stelling", "ro": "poziția curentă"},
    "human side": {"pl": "strona gracza", "nl": "kant van de speler", "ro": "partea jucătorului"},
    "level": {"pl": "poziom", "nl": "niveau", "ro": "nivel"},
    "deal seed": {"pl": "numer rozdania", "nl": "spelnummer", "ro": "numărul împărțelii"},
    "opponent's random seed": {"pl": "ziarno losowości przeciwnika", "nl": "toevalszaad van de tegenstander", "ro": "sămânța aleatoare a adversarului"},
    "anonymous player": {"pl": "gracz anonimowy", "nl": "anonieme speler", "ro": "jucător anonim"},
    "hints used": {"pl": "wykorzystane podpowiedzi", "nl": "gebruikte hints", "ro": "indicii folosite"},
    "moves played": {"pl": "rozegrane ruchy", "nl": "gespeelde zetten", "ro": "mutări jucate"},
    "game": {"pl": "partia", "nl": "partij", "ro": "partidă"},
    "games": {"pl": "partie", "nl": "partijen", "ro": "partide"},
    "human": {"pl": "człowiek", "nl": "mens", "ro": "om"},
    "solver": {"pl": "solver", "nl": "solver", "ro": "solver"},
    "best": {"pl": "najlepszy", "nl": "beste", "ro": "cea mai bună"},
    "inaccuracy": {"pl": "niedokładność", "nl": "onnauwkeurigheid", "ro": "imprecizie"},
    "mistake": {"pl": "błąd", "nl": "fout", "ro": "greșeală"},
    "blunder": {"pl": "poważny błąd", "nl": "blunder", "ro": "gafă"},
    "ply": {"pl": "półruch", "nl": "halve zet", "ro": "semimutare"},
    "side": {"pl": "strona", "nl": "kant", "ro": "parte"},
    "by": {"pl": "kto", "nl": "door", "ro": "de"},
    "move": {"pl": "ruch", "nl": "zet", "ro": "mutare"},
    "position before": {"pl": "pozycja przed", "nl": "stelling ervoor", "ro": "poziția dinainte"},
    "position after": {"pl": "pozycja po", "nl": "stelling erna", "ro": "poziția de după"},
    "value": {"pl": "wartość", "nl": "waarde", "ro": "valoare"},
    "best value": {"pl": "najlepsza wartość", "nl": "beste waarde", "ro": "cea mai bună valoare"},
    "best moves": {"pl": "najlepsze ruchy", "nl": "beste zetten", "ro": "cele mai bune mutări"},
    "grade": {"pl": "ocena", "nl": "beoordeling", "ro": "calificativ"},
    "points lost": {"pl": "stracone punkty", "nl": "verloren punten", "ro": "puncte pierdute"},
    "moves": {"pl": "ruchy", "nl": "zetten", "ro": "mutări"},
    "content": {"pl": "treść", "nl": "inhoud", "ro": "conținut"},
    "hint": {"pl": "podpowiedź", "nl": "hint", "ro": "indiciu"},
    "hints": {"pl": "podpowiedzi", "nl": "hints", "ro": "indicii"},
    "Board": {"pl": "Plansza", "nl": "Bord", "ro": "Tablă"},
    "You (%(side)s)": {"pl": "Ty (%(side)s)", "nl": "Jij (%(side)s)", "ro": "Tu (%(side)s)"},
    "Solver (%(side)s)": {"pl": "Solver (%(side)s)", "nl": "Solver (%(side)s)", "ro": "Solver (%(side)s)"},
    "%(count)s stones, %(pips)s pips": {
        "pl": "kamieni: %(count)s, oczek: %(pips)s",
        "nl": "%(count)s stenen, %(pips)s ogen",
        "ro": "pietre: %(count)s, puncte: %(pips)s",
    },
    "to move": {"pl": "na ruchu", "nl": "aan zet", "ro": "la mutare"},
    "covered": {"pl": "zakryty", "nl": "bedekt", "ro": "acoperită"},
    "Line of play": {"pl": "Linia gry", "nl": "Speellijn", "ro": "Linia de joc"},
    "The table is empty.": {"pl": "Stół jest pusty.", "nl": "De tafel is leeg.", "ro": "Masa este goală."},
    "Play": {"pl": "Graj", "nl": "Spelen", "ro": "Joacă"},
    "Open domino trainer": {"pl": "Trener domina otwartego", "nl": "Open-dominotrainer", "ro": "Antrenor de domino deschis"},
    "Main": {"pl": "Główne", "nl": "Hoofdmenu", "ro": "Principal"},
    "Home": {"pl": "Start", "nl": "Start", "ro": "Acasă"},
    "New game": {"pl": "Nowa partia", "nl": "Nieuwe partij", "ro": "Partidă nouă"},
    "Signed in as %(name)s": {"pl": "Zalogowano jako %(name)s", "nl": "Ingelogd als %(name)s", "ro": "Conectat ca %(name)s"},
    "Log out": {"pl": "Wyloguj", "nl": "Uitloggen", "ro": "Deconectare"},
    "Log in": {"pl": "Zaloguj", "nl": "Inloggen", "ro": "Conectare"},
    "Sign up": {"pl": "Załóż konto", "nl": "Account aanmaken", "ro": "Creează cont"},
    "Language": {"pl": "Język", "nl": "Taal", "ro": "Limba"},
    "Go": {"pl": "Zmień", "nl": "Kies", "ro": "Schimbă"},
    "API": {"pl": "API", "nl": "API", "ro": "API"},
    "Open domino, against a perfect player": {
        "pl": "Domino otwarte przeciw bezbłędnemu graczowi",
        "nl": "Open domino tegen een perfecte speler",
        "ro": "Domino deschis, împotriva unui jucător perfect",
    },
    "In open domino both players see every stone. Play a deal against the solver, which knows the exact value of every position, and see each of your moves graded against perfect play: best, inaccuracy, mistake or blunder. Hints are there when you want them.": {
        "pl": "W dominie otwartym obaj gracze widzą wszystkie kamienie. Zagraj rozdanie przeciw solverowi, który zna dokładną wartość każdej pozycji, i zobacz ocenę każdego swojego ruchu na tle gry bezbłędnej: najlepszy, niedokładność, błąd albo poważny błąd. Podpowiedzi są pod ręką, kiedy ich potrzebujesz.",
        "nl": "Bij open domino zien beide spelers alle stenen. Speel een spel tegen de solver, die de exacte waarde van elke stelling kent, en zie elke zet van jou beoordeeld tegen perfect spel: beste, onnauwkeurigheid, fout of blunder. Hints zijn er wanneer je ze wilt.",
        "ro": "În dominoul deschis ambii jucători văd toate pietrele. Joacă o împărțeală împotriva solverului, care cunoaște valoarea exactă a fiecărei poziții, și vezi fiecare mutare a ta evaluată față de jocul perfect: cea mai bună, imprecizie, greșeală sau gafă. Indiciile sunt acolo când ai nevoie de ele.",
    },
    "Start a new game": {"pl": "Zacznij nową partię", "nl": "Begin een nieuwe partij", "ro": "Începe o partidă nouă"},
    "Your games": {"pl": "Twoje partie", "nl": "Jouw partijen", "ro": "Partidele tale"},
    "Game": {"pl": "Partia", "nl": "Partij", "ro": "Partidă"},
    "Side": {"pl": "Strona", "nl": "Kant", "ro": "Parte"},
    "Moves": {"pl": "Ruchy", "nl": "Zetten", "ro": "Mutări"},
    "Status": {"pl": "Stan", "nl": "Status", "ro": "Stare"},
    "Review": {"pl": "Analiza", "nl": "Terugkijken", "ro": "Analiză"},
    "No games yet.": {"pl": "Nie ma jeszcze partii.", "nl": "Nog geen partijen.", "ro": "Încă nicio partidă."},
    "You are playing as a guest: your games belong to this browser session. Sign up or log in to keep them.": {
        "pl": "Grasz jako gość: twoje partie należą do tej sesji przeglądarki. Załóż konto lub zaloguj się, aby je zachować.",
        "nl": "Je speelt als gast: je partijen horen bij deze browsersessie. Maak een account aan of log in om ze te bewaren.",
        "ro": "Joci ca oaspete: partidele tale aparțin acestei sesiuni de browser. Creează un cont sau conectează-te ca să le păstrezi.",
    },
    "Game %(id)s": {"pl": "Partia %(id)s", "nl": "Partij %(id)s", "ro": "Partida %(id)s"},
    "you play %(side)s against a %(level)s solver": {
        "pl": "grasz jako %(side)s; przeciwnik: %(level)s",
        "nl": "jij speelt %(side)s; tegenstander: %(level)s",
        "ro": "joci cu %(side)s; adversar: %(level)s",
    },
    "Your move.": {"pl": "Twój ruch.", "nl": "Jij bent aan zet.", "ro": "E rândul tău."},
    "The solver is thinking…": {"pl": "Solver myśli…", "nl": "De solver denkt na…", "ro": "Solverul se gândește…"},
    "The deal is over.": {"pl": "Rozdanie zakończone.", "nl": "Het spel is afgelopen.", "ro": "Împărțeala s-a încheiat."},
    "Your move": {"pl": "Twój ruch", "nl": "Jouw zet", "ro": "Mutarea ta"},
    "Hint:": {"pl": "Podpowiedź:", "nl": "Hint:", "ro": "Indiciu:"},
    "Outcome": {"pl": "Wynik", "nl": "Uitslag", "ro": "Rezultat"},
    "Good stones": {"pl": "Dobre kamienie", "nl": "Goede stenen", "ro": "Pietre bune"},
    "Best move": {"pl": "Najlepszy ruch", "nl": "Beste zet", "ro": "Cea mai bună mutare"},
    "you": {"pl": "ty", "nl": "jij", "ro": "tu"},
    "−%(points)s point": {
        "pl": ["−%(points)s punkt", "−%(points)s punkty", "−%(points)s punktów", "−%(points)s punktu"],
        "nl": ["−%(points)s punt", "−%(points)s punten"],
        "ro": ["−%(points)s punct", "−%(points)s puncte", "−%(points)s de puncte"],
    },
    "No moves yet.": {"pl": "Nie ma jeszcze ruchów.", "nl": "Nog geen zetten.", "ro": "Încă nicio mutare."},
    "Review this game": {"pl": "Przeanalizuj tę partię", "nl": "Bekijk deze partij terug", "ro": "Analizează această partidă"},
    "Choose your side and your opponent. The holder of [0|0] moves first. A perfect opponent always plays a best move; a strong one nearly always; a casual one often does not.": {
        "pl": "Wybierz stronę i przeciwnika. Zaczyna ten, kto ma [0|0]. Przeciwnik bezbłędny zawsze gra najlepszy ruch, silny prawie zawsze, rekreacyjny często nie.",
        "nl": "Kies je kant en je tegenstander. Wie [0|0] heeft, begint. Een perfecte tegenstander speelt altijd een beste zet, een sterke bijna altijd, een ontspannen vaak niet.",
        "ro": "Alege-ți partea și adversarul. Începe cel care are [0|0]. Un adversar perfect joacă mereu o mutare optimă, unul puternic aproape mereu, unul relaxat adesea nu.",
    },
    "Review of game %(id)s": {"pl": "Analiza partii %(id)s", "nl": "Terugblik op partij %(id)s", "ro": "Analiza partidei %(id)s"},
    "The game is still going on.": {"pl": "Partia wciąż trwa.", "nl": "De partij is nog bezig.", "ro": "Partida este încă în desfășurare."},
    "Continue": {"pl": "Kontynuuj", "nl": "Verder spelen", "ro": "Continuă"},
    "your moves: best %(best)s · inaccuracies %(inacc)s · mistakes %(mist)s · blunders %(blund)s": {
        "pl": "twoje ruchy: najlepsze %(best)s · niedokładności %(inacc)s · błędy %(mist)s · poważne błędy %(blund)s",
        "nl": "jouw zetten: beste %(best)s · onnauwkeurigheden %(inacc)s · fouten %(mist)s · blunders %(blund)s",
        "ro": "mutările tale: optime %(best)s · imprecizii %(inacc)s · greșeli %(mist)s · gafe %(blund)s",
    },
    "%(points)s point lost": {
        "pl": ["%(points)s punkt stracony", "%(points)s punkty stracone", "%(points)s punktów straconych", "%(points)s punktu straconego"],
        "nl": ["%(points)s punt verloren", "%(points)s punten verloren"],
        "ro": ["%(points)s punct pierdut", "%(points)s puncte pierdute", "%(points)s de puncte pierdute"],
    },
    "%(hints)s hint taken": {
        "pl": ["%(hints)s podpowiedź", "%(hints)s podpowiedzi", "%(hints)s podpowiedzi", "%(hints)s podpowiedzi"],
        "nl": ["%(hints)s hint gebruikt", "%(hints)s hints gebruikt"],
        "ro": ["%(hints)s indiciu folosit", "%(hints)s indicii folosite", "%(hints)s de indicii folosite"],
    },
    "Jump to a move": {"pl": "Przejdź do ruchu", "nl": "Spring naar een zet", "ro": "Sari la o mutare"},
    "after move %(n)s of %(total)s": {"pl": "po ruchu %(n)s z %(total)s", "nl": "na zet %(n)s van %(total)s", "ro": "după mutarea %(n)s din %(total)s"},
    "Player": {"pl": "Gracz", "nl": "Speler", "ro": "Jucător"},
    "Move": {"pl": "Ruch", "nl": "Zet", "ro": "Mutare"},
    "Grade": {"pl": "Ocena", "nl": "Beoordeling", "ro": "Calificativ"},
    "Value": {"pl": "Wartość", "nl": "Waarde", "ro": "Valoare"},
    "Points lost": {"pl": "Stracone punkty", "nl": "Verloren punten", "ro": "Puncte pierdute"},
    "Best alternative": {"pl": "Najlepsza alternatywa", "nl": "Beste alternatief", "ro": "Cea mai bună alternativă"},
    "Hints": {"pl": "Podpowiedzi", "nl": "Hints", "ro": "Indicii"},
    "start": {"pl": "początek", "nl": "begin", "ro": "început"},
    "Hints taken for the move to come:": {"pl": "Podpowiedzi do następnego ruchu:", "nl": "Hints voor de volgende zet:", "ro": "Indicii pentru mutarea următoare:"},
    "Logged out": {"pl": "Wylogowano", "nl": "Uitgelogd", "ro": "Deconectat"},
    "No account yet?": {"pl": "Nie masz konta?", "nl": "Nog geen account?", "ro": "Nu ai cont?"},
    "The games you played as a guest in this browser become yours.": {
        "pl": "Partie rozegrane jako gość w tej przeglądarce staną się twoje.",
        "nl": "De partijen die je als gast in deze browser speelde, worden van jou.",
        "ro": "Partidele jucate ca oaspete în acest browser devin ale tale.",
    },
    "Already have an account?": {"pl": "Masz już konto?", "nl": "Heb je al een account?", "ro": "Ai deja cont?"},
    "The board's front-end has not been built yet (run “npm run build” in frontend/, or “make run”). The page below works without it, in a plainer way.": {
        "pl": "Interfejs planszy nie został jeszcze zbudowany (uruchom „npm run build” w frontend/ albo „make run”). Strona poniżej działa bez niego, w prostszej formie.",
        "nl": "De front-end van het bord is nog niet gebouwd (voer „npm run build” uit in frontend/, of „make run”). De pagina hieronder werkt ook zonder, eenvoudiger.",
        "ro": "Interfața tablei nu a fost încă construită (rulează „npm run build” în frontend/ sau „make run”). Pagina de mai jos funcționează și fără ea, mai simplu.",
    },
    "The front-end build has no entry named %(names)s.": {
        "pl": "Zbudowany interfejs nie ma wejścia o nazwie %(names)s.",
        "nl": "De front-endbuild heeft geen ingang met de naam %(names)s.",
        "ro": "Interfața construită nu are nicio intrare numită %(names)s.",
    },
    "grading…": {"pl": "ocenianie…", "nl": "wordt beoordeeld…", "ro": "se evaluează…"},
    "With perfect play from here you win by %(points)d point.": {
        "pl": ["Przy bezbłędnej grze od tego miejsca wygrywasz %(points)d punktem.", "Przy bezbłędnej grze od tego miejsca wygrywasz %(points)d punktami.", "Przy bezbłędnej grze od tego miejsca wygrywasz %(points)d punktami.", "Przy bezbłędnej grze od tego miejsca wygrywasz %(points)d punktu."],
        "nl": ["Met perfect spel vanaf hier win je met %(points)d punt.", "Met perfect spel vanaf hier win je met %(points)d punten."],
        "ro": ["Cu joc perfect de aici câștigi la %(points)d punct.", "Cu joc perfect de aici câștigi la %(points)d puncte.", "Cu joc perfect de aici câștigi la %(points)d de puncte."],
    },
    "With perfect play from here you lose by %(points)d point.": {
        "pl": ["Przy bezbłędnej grze od tego miejsca przegrywasz %(points)d punktem.", "Przy bezbłędnej grze od tego miejsca przegrywasz %(points)d punktami.", "Przy bezbłędnej grze od tego miejsca przegrywasz %(points)d punktami.", "Przy bezbłędnej grze od tego miejsca przegrywasz %(points)d punktu."],
        "nl": ["Met perfect spel vanaf hier verlies je met %(points)d punt.", "Met perfect spel vanaf hier verlies je met %(points)d punten."],
        "ro": ["Cu joc perfect de aici pierzi la %(points)d punct.", "Cu joc perfect de aici pierzi la %(points)d puncte.", "Cu joc perfect de aici pierzi la %(points)d de puncte."],
    },
    "With perfect play from here the deal is a draw.": {
        "pl": "Przy bezbłędnej grze od tego miejsca rozdanie kończy się remisem.",
        "nl": "Met perfect spel vanaf hier eindigt het spel gelijk.",
        "ro": "Cu joc perfect de aici împărțeala se termină la egalitate.",
    },
    "You have no stone that fits: you must pass.": {
        "pl": "Nie masz pasującego kamienia: musisz spasować.",
        "nl": "Je hebt geen steen die past: je moet passen.",
        "ro": "Nu ai nicio piatră care se potrivește: trebuie să treci.",
    },
    "This stone keeps the best result: %(stones)s.": {
        "pl": ["Ten kamień zachowuje najlepszy wynik: %(stones)s.", "Te kamienie zachowują najlepszy wynik: %(stones)s.", "Te kamienie zachowują najlepszy wynik: %(stones)s.", "Te kamienie zachowują najlepszy wynik: %(stones)s."],
        "nl": ["Deze steen houdt het beste resultaat: %(stones)s.", "Deze stenen houden het beste resultaat: %(stones)s."],
        "ro": ["Această piatră păstrează cel mai bun rezultat: %(stones)s.", "Aceste pietre păstrează cel mai bun rezultat: %(stones)s.", "Aceste pietre păstrează cel mai bun rezultat: %(stones)s."],
    },
    "You must pass.": {"pl": "Musisz spasować.", "nl": "Je moet passen.", "ro": "Trebuie să treci."},
    "The best move is %(move)s.": {"pl": "Najlepszy ruch to %(move)s.", "nl": "De beste zet is %(move)s.", "ro": "Cea mai bună mutare este %(move)s."},
    "domino": {"pl": "domino", "nl": "domino", "ro": "domino"},
    "blocked": {"pl": "blokada", "nl": "geblokkeerd", "ro": "blocaj"},
    "A draw (%(how)s).": {"pl": "Remis (%(how)s).", "nl": "Gelijkspel (%(how)s).", "ro": "Egalitate (%(how)s)."},
    "You win %(points)d point (%(how)s).": {
        "pl": ["Wygrywasz %(points)d punkt (%(how)s).", "Wygrywasz %(points)d punkty (%(how)s).", "Wygrywasz %(points)d punktów (%(how)s).", "Wygrywasz %(points)d punktu (%(how)s)."],
        "nl": ["Je wint %(points)d punt (%(how)s).", "Je wint %(points)d punten (%(how)s)."],
        "ro": ["Câștigi %(points)d punct (%(how)s).", "Câștigi %(points)d puncte (%(how)s).", "Câștigi %(points)d de puncte (%(how)s)."],
    },
    "You lose %(points)d point (%(how)s).": {
        "pl": ["Przegrywasz %(points)d punkt (%(how)s).", "Przegrywasz %(points)d punkty (%(how)s).", "Przegrywasz %(points)d punktów (%(how)s).", "Przegrywasz %(points)d punktu (%(how)s)."],
        "nl": ["Je verliest %(points)d punt (%(how)s).", "Je verliest %(points)d punten (%(how)s)."],
        "ro": ["Pierzi %(points)d punct (%(how)s).", "Pierzi %(points)d puncte (%(how)s).", "Pierzi %(points)d de puncte (%(how)s)."],
    },
    "A hint level is 1, 2 or 3.": {"pl": "Poziom podpowiedzi to 1, 2 lub 3.", "nl": "Een hintniveau is 1, 2 of 3.", "ro": "Nivelul unui indiciu este 1, 2 sau 3."},
    "The position is being analysed; ask again in a moment.": {
        "pl": "Pozycja jest analizowana; zapytaj ponownie za chwilę.",
        "nl": "De stelling wordt geanalyseerd; vraag het zo nog eens.",
        "ro": "Poziția este analizată; întreabă din nou peste o clipă.",
    },
    "Welcome, %(name)s! Your account is ready.": {
        "pl": "Witaj, %(name)s! Twoje konto jest gotowe.",
        "nl": "Welkom, %(name)s! Je account is klaar.",
        "ro": "Bun venit, %(name)s! Contul tău este gata.",
    },
}


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(lines: list[str]) -> str:
    out = ""
    for line in lines:
        body = line[line.index('"') + 1 : line.rindex('"')]
        out += body.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
    return out


def fill(po: Path, lang: str) -> int:
    """Write the translations of ``lang`` into ``po`` (a makemessages file); returns how many are missing."""
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    missing = 0
    nplurals = int(re.search(r"nplurals=(\d+)", blocks[0]).group(1))
    out = ["\n".join(line for line in blocks[0].splitlines() if line != "#, fuzzy")]
    for block in blocks[1:]:
        lines = block.splitlines()
        keep = [line for line in lines if line.startswith("#")]
        body = [line for line in lines if not line.startswith("#")]
        if not body:
            out.append(block)
            continue
        keep = [line for line in keep if line != "#, fuzzy"]
        fields: dict[str, list[str]] = {}
        current = None
        for line in body:
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (".*")$', line)
            if m:
                current = m.group(1)
                fields[current] = [m.group(2)]
            elif line.startswith('"') and current:
                fields[current].append(line)
        msgid = _unquote(fields["msgid"])
        entry = T.get(msgid, {}).get(lang)
        head = [f"msgid {_quote(msgid)}"]
        if "msgctxt" in fields:
            head.insert(0, "msgctxt " + " ".join(fields["msgctxt"]))
        if "msgid_plural" in fields:
            head.append(f"msgid_plural {_quote(_unquote(fields['msgid_plural']))}")
            forms = entry if isinstance(entry, list) else []
            count = nplurals
            if not forms:
                missing += 1
            for i in range(count):
                head.append(f"msgstr[{i}] {_quote(forms[min(i, len(forms) - 1)] if forms else '')}")
        else:
            if not isinstance(entry, str):
                missing += 1
                entry = ""
            head.append(f"msgstr {_quote(entry)}")
        out.append("\n".join(keep + head))
    po.write_text("\n\n".join(out) + ("" if out[-1].endswith("\n") else "\n"), encoding="utf-8")
    return missing


if __name__ == "__main__":
    root = Path(__file__).resolve().parent
    status = 0
    for lang in ("pl", "nl", "ro"):
        po = root / lang / "LC_MESSAGES" / "django.po"
        missing = fill(po, lang)
        print(f"{lang}: {missing} untranslated")
    sys.exit(status)
