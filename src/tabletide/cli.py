"""The ``tabletide`` command: list games, play in the terminal, simulate, replay, benchmark.

Every error a user can cause (a bad game name, seat spec, option, file or replay) is printed as one
red line and exits with code 2; nothing else is changed.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tabletide.agents import Agent, agent_specs, make_agent
from tabletide.agents.hints import hint
from tabletide.engine import (
    Action,
    ConfigError,
    Game,
    Replay,
    State,
    TabletideError,
    list_games,
    load_game,
)
from tabletide.engine.state import MAX_NAME_LENGTH
from tabletide.extras import require_extra
from tabletide.reference import Reference, Section, load_reference
from tabletide.sim.bench import bench as run_bench
from tabletide.sim.bench import bench_agent, bench_agent_table, bench_table
from tabletide.sim.runner import agent_seed, decision_seed, play_many
from tabletide.sim.stats import summarize, summary_table

if TYPE_CHECKING:
    from tabletide.sim.journal import Journal

T = TypeVar("T")

HUMAN = "human"
LOG_LINES = 40

app = typer.Typer(
    name="tabletide",
    help="Nautical board games by their full rules: play, simulate, replay, benchmark.",
    no_args_is_help=True,
    add_completion=False,
)


def main() -> None:
    """Console entry point."""
    app()


# --------------------------------------------------------------------------- shared helpers
def _progress(console: Console) -> Progress:
    """A progress bar for a series of games: name, bar, games done, time left."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _console() -> Console:
    return Console(highlight=False)


def _fail(message: str) -> typer.Exit:
    err = Console(stderr=True, highlight=False)
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(2)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn the errors a user can cause into one red line and exit code 2."""
    try:
        yield
    except TabletideError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        name = f" {exc.filename}" if exc.filename else ""
        raise _fail(f"cannot access{name}: {exc.strerror or exc}") from None


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["key=value", ...]`` to a dict; values are JSON when they parse (``true``, ``3``),
    otherwise strings.

    :raises ConfigError: an entry without ``=``.
    """
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option needs KEY=VALUE, got {pair!r}")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options


def parse_seats(text: str, allow_human: bool = True) -> list[str]:
    """``"human,random:3"`` to a list of seat specs, each checked.

    :raises ConfigError: an empty or unknown spec, or a human where none is allowed.
    """
    seats = [s.strip() for s in text.split(",")]
    for spec in seats:
        if not spec:
            raise ConfigError(f"--seats has an empty entry: {text!r}")
        if spec.lower() == HUMAN:
            if not allow_human:
                raise ConfigError("'human' seats are only for `tabletide play`")
            continue
        make_agent(spec, 0)
    return [HUMAN if s.lower() == HUMAN else s for s in seats]


def _default_players(game: Game) -> int:
    return max(2, game.min_players)


def _seat_names(seats: list[str]) -> list[str]:
    """What the terminal calls the seats: a person "Player 1", "Player 2"... (by seat; the
    views mark the seat that is yours, and a third-person name keeps the log's grammar: "You
    decides" would not); a bot by its spec, "Bot (greedy)", numbered when two share one."""
    names = []
    for i, spec in enumerate(seats):
        if spec == HUMAN:
            names.append(f"Player {i + 1}")
        else:
            number = f" {i + 1}" if seats.count(spec) > 1 else ""
            names.append(f"Bot{number} ({spec})"[:MAX_NAME_LENGTH])
    return names


def _seat_name(seats: list[str], seat: int) -> str:
    return _seat_names(seats)[seat]


# --------------------------------------------------------------------------- games
@app.command()
def games() -> None:
    """List the registered games, their options, and the agent specs for --seats."""
    console = _console()
    table = Table(title="Games")
    for column in ("name", "title", "players", "options"):
        table.add_column(column)
    for name in list_games():
        try:
            game = load_game(name)
        except Exception as exc:  # a broken plug-in must not hide the others
            table.add_row(name, f"[red]cannot load: {escape(str(exc))}[/red]", "", "")
            continue
        options = "\n".join(
            f"{o.name}: {' | '.join(map(_show, o.choices))} (default {_show(o.default)})"
            for o in game.options
        )
        players = f"{game.min_players}-{game.max_players}"
        if game.min_players == game.max_players:
            players = str(game.min_players)
        table.add_row(name, escape(game.title), players, escape(options) or "-")
    console.print(table)
    agents = Table(title="Seats (--seats)")
    agents.add_column("spec")
    agents.add_column("what it is")
    agents.add_row(HUMAN, "you, at this terminal (play only; several humans take turns)")
    for spec in agent_specs():
        agents.add_row(escape(spec.usage), escape(spec.help))
    console.print(agents)


def _show(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


# --------------------------------------------------------------------------- play
HELP_TEXT = (
    "Type the number of an action to take it. Other commands:\n"
    "  ?, help   this help\n"
    "  ?N        what action N will do\n"
    "  why       the options you cannot take now, and why\n"
    "  hint      what the hard bot would do here (its top three)\n"
    "  rules     the rules of this decision (rules ID: one rule; rules WORDS: search)\n"
    "  v, view   show the board and the actions again\n"
    "  log       more of the game log\n"
    "  q, quit   save the game and stop (resume with --resume FILE)"
)


class _Quit(Exception):
    """The human asked to stop (q, end of input or Ctrl-C)."""


class PlaySession:
    """One terminal game: human seats answer prompts, agent seats move by themselves, and the
    replay is saved after every action."""

    def __init__(
        self,
        console: Console,
        state: State,
        seats: list[str],
        save_path: Path,
        read: Callable[[str], str],
    ) -> None:
        self.console = console
        self.state = state
        self.game = state.game
        self.seats = seats
        state.set_names(_seat_names(seats))
        self.save_path = save_path
        self.read = read
        self.humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.agents: dict[int, Agent] = {
            i: make_agent(s, agent_seed(state.seed, i)) for i, s in enumerate(seats) if s != HUMAN
        }
        self.shown_events = len(state.events)
        self.last_human: int | None = None

    def save(self) -> None:
        Replay.from_state(self.state, {"seats": self.seats}).save(self.save_path)

    def run(self) -> bool:
        """Play until the end (True) or until the human quits (False). Saves throughout."""
        self.save()
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player()
                agent = self.agents.get(seat)
                if agent is None:
                    action = self.ask_human(seat)
                else:
                    step = len(self.state.history)
                    view = self.state.determinize(seat, decision_seed(self.state.seed, step))
                    with self.console.status(f"{_seat_name(self.seats, seat)} is thinking..."):
                        action = agent.act(view)
                self.state.apply(action)
                self.save()
                self.print_new_events()
        except (_Quit, KeyboardInterrupt, EOFError):
            self.save()
            self.console.print(
                f"\nGame saved to [bold]{escape(str(self.save_path))}[/bold]. Resume with:\n"
                f"  tabletide play {self.game.name} --resume {escape(str(self.save_path))}"
            )
            return False
        self.show_end()
        return True

    def print_new_events(self) -> None:
        events = self.state.events_for(self.viewer)[self.shown_events :]
        self.shown_events = len(self.state.events)
        for event in events:
            text = self.game.event_text(event, self.state.names)
            self.console.print(f"[dim]·[/dim] {escape(text)}")

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the last player's view and wait for the next one."""
        if self.console.is_terminal:
            self.console.clear()
        self.console.rule(f"[bold]{_seat_name(self.seats, seat)} to play[/bold]")
        who = escape(self.state.seat_name(seat))
        self.console.print(f"Pass the terminal to {who} (seat {seat}), then press Enter.")
        self.read("")

    def show_decision(self, seat: int, legal: list[Action]) -> None:
        state = self.state
        self.console.print()
        self.console.rule(f"{_seat_name(self.seats, seat)} · decision {len(state.history) + 1}")
        self.console.print(self.game.render(state, seat))
        prompt = state.prompt()
        if prompt is not None:
            self.console.print(f"\n[bold]{escape(prompt['text'])}[/bold]")
        decision = state.decision()
        if decision is not None and decision["rules"]:
            rules = ", ".join(decision["rules"])
            self.console.print(f"[dim]Rules: {escape(rules)} · type rules to read them[/dim]")
        for i, action in enumerate(legal, start=1):
            self.console.print(f"  [cyan]{i:>3}[/cyan]  {escape(action.label)}")

    def ask_human(self, seat: int) -> Action:
        if len(self.humans) > 1 and seat != self.last_human:
            self.hand_over(seat)
        self.last_human = seat
        legal = self.state.legal_actions()
        self.show_decision(seat, legal)
        while True:
            raw = self.read(f"seat {seat}> ")
            command = raw.strip().lower()
            if command in ("q", "quit", "exit"):
                raise _Quit
            if command in ("?", "h", "help"):
                self.console.print(HELP_TEXT)
            elif command in ("v", "view"):
                self.show_decision(seat, legal)
            elif command == "log":
                for event in self.state.events_for(seat)[-LOG_LINES:]:
                    text = self.game.event_text(event, self.state.names)
                    self.console.print(f"[dim]·[/dim] {escape(text)}")
            elif command.startswith("?") and command[1:].strip().isdigit():
                self.explain(legal, int(command[1:]))
            elif command == "why":
                self.why_not(seat)
            elif command == "hint":
                self.hint(seat, legal)
            elif command == "rules" or command.startswith("rules "):
                self.rules(raw.strip()[5:].strip())
            elif command.isdigit() and 1 <= int(command) <= len(legal):
                return legal[int(command) - 1]
            elif command.isdigit():
                self.console.print(
                    f"[yellow]There is no action {command}; choose 1-{len(legal)}.[/yellow]"
                )
            elif not command:
                self.console.print(
                    f"[yellow]Type an action number (1-{len(legal)}), or ? for help.[/yellow]"
                )
            else:
                self.console.print(
                    f"[yellow]Unknown command {escape(raw.strip())!r}: type an action number "
                    f"(1-{len(legal)}), or ? for help.[/yellow]"
                )

    def explain(self, legal: list[Action], number: int) -> None:
        if not 1 <= number <= len(legal):
            self.console.print(
                f"[yellow]There is no action {number}; choose 1-{len(legal)}.[/yellow]"
            )
            return
        action = legal[number - 1]
        self.console.print(f"[cyan]{number}[/cyan] {escape(action.label)}")
        self.console.print(f"  {escape(self.state.explain(action))}")

    def why_not(self, seat: int) -> None:
        closed = self.state.closed_options(seat)
        if not closed:
            self.console.print("Nothing the rules list is closed at this decision.")
            return
        self.console.print("[bold]Closed now:[/bold]")
        for item in closed:
            self.console.print(
                f"  {escape(item['option'])}: {escape(item['reason'])} [dim]({item['rule']})[/dim]"
            )

    def hint(self, seat: int, legal: list[Action]) -> None:
        with self.console.status("The hard bot is looking at your position..."):
            step = len(self.state.history)
            advice = hint(self.state, seat, seed=decision_seed(self.state.seed, step))
        self.console.print("[bold]What hard would do here:[/bold]")
        for option in advice.options:
            self.console.print(
                f"  [cyan]{option.index + 1:>3}[/cyan]  {escape(option.action.label)}"
                f"  [dim]{escape(option.text)}[/dim]"
            )
        self.console.print(f"[dim]{escape(advice.scale)}[/dim]")

    def rules(self, query: str) -> None:
        """The reference's section for ``query`` (a rule ID or words), else for this decision."""
        try:
            reference = load_reference(self.game.name)
        except TabletideError as exc:
            self.console.print(f"[yellow]{escape(str(exc))}[/yellow]")
            return
        decision = self.state.decision()
        wanted = query or (decision["rules"][0] if decision and decision["rules"] else "")
        sections = find_sections(reference, wanted) if wanted else list(reference.sections[:1])
        if not sections:
            self.console.print(f"[yellow]Nothing in the rules matches {escape(query)!r}.[/yellow]")
        for section in sections[:3]:
            self.console.print(Markdown(section.markdown))

    def show_end(self) -> None:
        state = self.state
        self.console.print()
        self.console.rule("[bold]Game over[/bold]")
        self.console.print(self.game.render(state, self.viewer))
        scores = ", ".join(
            f"{_seat_name(self.seats, s)}: {v:g}" for s, v in enumerate(state.scores())
        )
        names = " and ".join(_seat_name(self.seats, s) for s in state.winners())
        self.console.print(f"Scores: {escape(scores)}")
        self.console.print(f"[bold green]Winner: {escape(names)}[/bold green]")
        self.console.print(f"Replay saved to {escape(str(self.save_path))}")
        if not self.humans:
            return
        try:
            answer = self.read("Type analyze to see the win chances and key moments, or Enter: ")
        except (EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower() in ("a", "analyze", "analyse"):
            self.analyze()

    def analyze(self) -> None:
        from tabletide.sim.analysis import analyze

        replay = Replay.from_state(self.state, {"seats": self.seats})
        with self.console.status("Analysing the game..."):
            result = analyze(replay)
        out = self.save_path.with_name(f"{self.save_path.stem}-analysis.json")
        write_json(out, result)
        show_analysis(
            self.console, result, [_seat_name(self.seats, s) for s in range(len(self.seats))]
        )
        self.console.print(f"Analysis saved to {escape(str(out))}")


def _read_line(console: Console) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        return console.input(prompt)

    return read


@app.command()
def play(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game name (optional with --resume).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated seats: 'human' or an agent spec, e.g. human,random."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a random one).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Replay file, saved after every action (default: ./tabletide-GAME-SEED.json)."
        ),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Continue the game saved in this replay file.")
    ] = None,
) -> None:
    """Play in the terminal against bots or other people at the same keyboard."""
    console = _console()
    with _user_errors():
        if resume is not None:
            replay = Replay.load(resume)
            if game_name is not None and game_name != replay.game:
                raise ConfigError(f"{resume} is a replay of {replay.game!r}, not {game_name!r}")
            if seed is not None or option:
                raise ConfigError("--seed and --option cannot change a resumed game")
            game = load_game(replay.game)
            saved = replay.meta.get("seats")
            seat_list = parse_seats(seats) if seats else _saved_seats(saved, replay.num_players)
            if len(seat_list) != replay.num_players:
                raise ConfigError(
                    f"the saved game has {replay.num_players} seats; --seats gives {len(seat_list)}"
                )
            state = replay.play()
            save_path = save or resume
            console.print(f"Resumed {game.title} at decision {len(state.history) + 1}.")
        else:
            if game_name is None:
                raise ConfigError("name a game (see `tabletide games`) or use --resume FILE")
            game = load_game(game_name)
            seat_list = parse_seats(
                seats or ",".join([HUMAN] + ["random"] * (_default_players(game) - 1))
            )
            seed = secrets.randbelow(1_000_000) if seed is None else seed
            state = game.new_state(len(seat_list), seed, parse_options(option))
            save_path = save or Path(f"tabletide-{game.name}-{seed}.json")
            console.print(
                f"[bold]{escape(game.title)}[/bold] · seed {seed} · "
                + ", ".join(_seat_name(seat_list, s) for s in range(len(seat_list)))
            )
            console.print("Type ? at a prompt for help.")
        session = PlaySession(console, state, seat_list, save_path, _read_line(console))
        session.run()


def find_sections(reference: Reference, query: str) -> list[Section]:
    """The section stating rule ``query``, or else the sections whose text has its words."""
    if reference.rule_ids and query.upper().startswith(f"{reference.game_prefix}-"):
        return [reference.section_for(query)]
    return reference.search(query)


def _saved_seats(saved: Any, num_players: int) -> list[str]:
    if (
        isinstance(saved, list)
        and len(saved) == num_players
        and all(isinstance(s, str) for s in saved)
    ):
        return parse_seats(",".join(saved))
    return [HUMAN] + ["random"] * (num_players - 1)


# --------------------------------------------------------------------------- rules
@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    rule: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="A rule ID (e.g. SY-5.1): its section.")
    ] = None,
    search: Annotated[
        str | None, typer.Option(help="Show the sections that hold all these words.")
    ] = None,
) -> None:
    """Read a game's rules reference, one rule's section, or the sections matching words."""
    console = _console()
    with _user_errors():
        reference = load_reference(game_name)
        if rule is not None and search is not None:
            raise ConfigError("give either a rule ID or --search, not both")
        if rule is not None:
            sections = [reference.section_for(rule)]
        elif search is not None:
            sections = reference.search(search)
            if not sections:
                raise ConfigError(f"nothing in the {reference.title} rules matches {search!r}")
        else:
            console.print(Markdown(reference.markdown))
            return
        for section in sections:
            console.print(Markdown(section.markdown))


# --------------------------------------------------------------------------- simulate
@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    num_games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seats: Annotated[
        str | None, typer.Option(help="Comma-separated agent specs (default: random per seat).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Series seed; game i uses a seed derived from it.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Write the summary and games as JSON.")] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (results do not depend on it).")] = 1,
) -> None:
    """Play many seeded bot games and summarize them."""
    console = _console()
    with _user_errors():
        game = load_game(game_name)
        seat_list = parse_seats(
            seats or ",".join(["random"] * _default_players(game)), allow_human=False
        )
        options = game.resolve_options(len(seat_list), parse_options(option))
        if num_games < 1:
            raise ConfigError(f"--games must be at least 1; got {num_games}")
        start = time.perf_counter()
        with _progress(console) as progress:
            task = progress.add_task(f"{game.name}", total=num_games)
            results = play_many(
                game,
                seat_list,
                num_games,
                seed,
                options,
                jobs=jobs,
                on_result=lambda _: progress.advance(task),
            )
        summary = summarize(results, time.perf_counter() - start)
        console.print(summary_table(summary, f"{game.title} · {num_games} games · seed {seed}"))
        if out is not None:
            data = {
                "game": game.name,
                "seats": seat_list,
                "seed": seed,
                "options": options,
                "summary": summary.to_json(),
                "games": [r.to_json() for r in results],
            }
            out.write_text(json.dumps(data, indent=1), encoding="utf-8")
            console.print(f"Wrote {escape(str(out))}")


# --------------------------------------------------------------------------- tournament
@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    agents: Annotated[
        str,
        typer.Option(
            help="Comma-separated agent specs, each SPEC or NAME=SPEC "
            "(e.g. random,greedy,ismcts:2000 or a=ismcts:500,b=ismcts:500)."
        ),
    ],
    players: Annotated[
        int | None, typer.Option(help="Players per game (default: 2, or the game's minimum).")
    ] = None,
    num_games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[
        int, typer.Option(help="Series seed; it fixes every game's seats and deal.")
    ] = 0,
    jobs: Annotated[
        int, typer.Option(help="Worker processes (local), or CPUs of a local Ray runtime.")
    ] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    seatings: Annotated[
        str,
        typer.Option(
            help="How each lineup is seated: rotate (its cyclic rotations) or all (every "
            "order; fairer with 3+ players in games whose seats differ)."
        ),
    ] = "rotate",
    backend: Annotated[
        str, typer.Option(help="Where games run: local (process pool) or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help="Ray cluster to join: host:port, ray://host:port or auto "
            "(default: $RAY_ADDRESS, else a local Ray runtime)."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write results to FILE.json, with FILE.csv and PNG charts beside it. Games are "
            "journaled to FILE.journal.jsonl as they finish: the same command resumes a "
            "stopped run."
        ),
    ] = None,
) -> None:
    """Round robin with seat rotation: win shares with 95% intervals, scores, ranks, ratings."""
    from tabletide.sim.backends import make_backend
    from tabletide.sim.journal import journal_for
    from tabletide.sim.report import (
        check_writable,
        head_to_head_table,
        tournament_table,
        write_results,
    )
    from tabletide.sim.tournament import plan_tournament, run_plan

    console = _console()
    with _user_errors():
        game = load_game(game_name)
        n = _default_players(game) if players is None else players
        plan = plan_tournament(
            game, agents, n, num_games, seed, parse_options(option), seatings=seatings
        )
        runner = make_backend(backend, jobs, address)
        if out is not None:
            check_writable(out)
            require_extra("plots", "--out (its PNG charts)")
        runner.check()
        joins = runner.describe().get("address")
        if joins:
            where = f"Ray cluster {joins}"
        else:
            where = f"{'Ray' if runner.name == 'ray' else 'local'}, {jobs} job{'s' * (jobs > 1)}"
        lineups = f"{len(plan.lineups)} lineup{'s' * (len(plan.lineups) > 1)}"
        console.print(
            f"[bold]{escape(game.title)}[/bold] · {plan.players} players · {lineups} × "
            f"{plan.group_size} seating{'s' * (plan.group_size > 1)} · {plan.games} games · "
            f"seed {plan.seed} · {escape(where)}"
        )
        journal = None if out is None else journal_for(plan, out)
        result = _play_journaled(
            console,
            game.name,
            plan.warnings,
            journal,
            plan.games,
            lambda tick: run_plan(plan, runner, on_result=tick, journal=journal),
        )
        console.print(tournament_table(result))
        versus = head_to_head_table(result)
        if versus is not None:
            console.print(versus)
        if out is not None and journal is not None:
            for path in write_results(result, out):
                console.print(f"Wrote {escape(str(path))}")
            journal.remove()


# --------------------------------------------------------------------------- balance
@app.command()
def balance(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    agents: Annotated[
        str,
        typer.Option(
            help="Agent specs: one (it fills every seat) or several (mixed bots, every lineup "
            "in every seating), e.g. greedy or hard,greedy."
        ),
    ] = "greedy",
    players: Annotated[
        int | None, typer.Option(help="Players per game (default: 2, or the game's minimum).")
    ] = None,
    num_games: Annotated[
        int, typer.Option("--games", "-n", help="Games per configuration (each --vary value).")
    ] = 120,
    seed: Annotated[int, typer.Option(help="Series seed; it fixes every game's deal.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help="An option to vary, KEY=V1,V2,... (repeatable; every combination is a "
            "configuration), e.g. --vary rubies=false,true."
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option(help="Worker processes (local), or CPUs of a local Ray runtime.")
    ] = 1,
    backend: Annotated[
        str, typer.Option(help="Where games run: local (process pool) or ray.")
    ] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster to join (host:port, ray://host:port, auto).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.json, FILE.md and PNG charts. Games are journaled to "
            "FILE.journal.jsonl: the same command resumes a stopped run."
        ),
    ] = None,
) -> None:
    """Balance lab: win shares with 95% intervals per faction, turn position, option and card."""
    import shlex

    from tabletide.sim.backends import make_backend
    from tabletide.sim.balance import balance_journal, parse_vary, plan_balance, run_balance
    from tabletide.sim.balance_report import balance_tables, check_balance_writable, write_balance

    console = _console()
    with _user_errors():
        game = load_game(game_name)
        n = _default_players(game) if players is None else players
        plan = plan_balance(
            game, agents, n, num_games, seed, parse_options(option), parse_vary(vary)
        )
        runner = make_backend(backend, jobs, address)
        if out is not None:
            check_balance_writable(out)
        runner.check()
        console.print(
            f"[bold]{escape(game.title)}[/bold] · {n} player{'s' * (n != 1)} · "
            f"{len(plan.configs)} configuration{'s' * (len(plan.configs) != 1)} × "
            f"{plan.games} games (cycle {plan.cycle}) · seed {plan.seed} · {runner.name}"
        )
        journal = None if out is None else balance_journal(plan, out)
        result = _play_journaled(
            console,
            game.name,
            plan.warnings,
            journal,
            plan.total,
            lambda tick: run_balance(plan, runner, on_result=tick, journal=journal),
        )
        for table in balance_tables(result):
            console.print(table)
        if out is not None and journal is not None:
            words = ["tabletide", "balance", game.name, "--players", str(n), "--agents", agents]
            words += ["-n", str(num_games), "--seed", str(seed)]
            words += [w for o in option or [] for w in ("-o", o)]
            words += [w for v in vary or [] for w in ("--vary", v)]
            if runner.name != "local" or jobs != 1:
                words += ["--backend", runner.name, "--jobs", str(jobs)]
            command = shlex.join([*words, "--out", str(out)])
            written, note = write_balance(result, out, command)
            for path in written:
                console.print(f"Wrote {escape(str(path))}")
            if note:
                console.print(f"[yellow]{escape(note)}[/yellow]", soft_wrap=True)
            journal.remove()


# --------------------------------------------------------------------------- replay
REPLAY_HELP = "Enter/n next · b back · g N go to step N · q quit"


class ReplayViewer:
    """The states of a replay, shown as one seat (or a spectator) sees them."""

    def __init__(self, console: Console, replay: Replay, seat: int | None) -> None:
        self.console = console
        self.states = [s.clone() for s in replay.states()]
        names = _replay_names(replay)
        if names is not None:
            for state in self.states:
                state.set_names(names)
        self.seat = seat
        self.last = len(self.states) - 1
        self.chances: dict[int, tuple[list[str], list[float]]] = {}
        """Step -> (sides, win chances) from an analysis, when one was given."""

    def show(self, step: int) -> None:
        state = self.states[step]
        game = state.game
        self.console.print()
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        self.console.rule(f"Step {step}/{self.last} · {who}")
        previous = len(self.states[step - 1].events) if step > 0 else 0
        for event in state.events_for(self.seat)[previous:]:
            self.console.print(f"[dim]·[/dim] {escape(game.event_text(event, state.names))}")
        self.console.print(game.render(state, self.seat))
        if step in self.chances:
            sides, chances = self.chances[step]
            text = " · ".join(f"{side} {p:.0%}" for side, p in zip(sides, chances, strict=True))
            self.console.print(f"[cyan]Chances of winning:[/cyan] {escape(text)}")
        if state.is_terminal():
            winners = ", ".join(f"seat {s}" for s in state.winners())
            self.console.print(f"[bold green]Game over · winner: {winners}[/bold green]")

    def browse(self, step: int, read: Callable[[str], str]) -> None:
        self.show(step)
        self.console.print(f"[dim]{REPLAY_HELP}[/dim]")
        while True:
            try:
                command = read("replay> ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            target = step
            if command in ("", "n", "next"):
                target = step + 1
            elif command in ("b", "back"):
                target = step - 1
            elif command in ("q", "quit"):
                return
            elif command.startswith("g"):
                arg = command[1:].strip()
                if not arg.isdigit():
                    self.console.print(f"[yellow]Use g N, with N in 0..{self.last}.[/yellow]")
                    continue
                target = int(arg)
            else:
                self.console.print(f"[yellow]Unknown key. {REPLAY_HELP}[/yellow]")
                continue
            if not 0 <= target <= self.last:
                self.console.print(f"[yellow]No step {target}; steps are 0..{self.last}.[/yellow]")
                continue
            step = target
            self.show(step)


def read_analysis(path: Path, replay: Replay) -> dict[int, tuple[list[str], list[float]]]:
    """An analysis file's win chances by replay step (the step after each decision).

    :raises ConfigError: not an analysis of this replay's game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        sides = list(data["sides"])
        plies = data["plies"]
        game = data["game"]
        chances = {int(p["ply"]) + 1: (sides, [float(x) for x in p["win_prob"]]) for p in plies}
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"{path} is not an analysis (tabletide analyze): {exc}") from None
    if game != replay.game or len(plies) != len(replay.actions):
        raise ConfigError(f"{path} is the analysis of another game")
    return chances


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A replay file (from play, or Replay.save).")],
    seat: Annotated[int | None, typer.Option(help="Show the game as this seat sees it.")] = None,
    spectator: Annotated[bool, typer.Option(help="Show the public view (default).")] = False,
    step: Annotated[int, typer.Option(help="Start at this step (0 = setup).")] = 0,
    print_all: Annotated[
        bool, typer.Option("--print", help="Print every step from --step on, without prompts.")
    ] = False,
    analysis: Annotated[
        Path | None,
        typer.Option(help="An analysis of this game (tabletide analyze): show its win chances."),
    ] = None,
) -> None:
    """Step through a saved game, re-simulated from its seed, options and actions."""
    console = _console()
    with _user_errors():
        if seat is not None and spectator:
            raise ConfigError("use either --seat N or --spectator, not both")
        replay = Replay.load(file)
        if seat is not None and not 0 <= seat < replay.num_players:
            raise ConfigError(f"--seat must be in 0..{replay.num_players - 1}; got {seat}")
        viewer = ReplayViewer(console, replay, seat)
        if analysis is not None:
            viewer.chances = read_analysis(analysis, replay)
        if not 0 <= step <= viewer.last:
            raise ConfigError(f"--step must be in 0..{viewer.last}; got {step}")
        if print_all:
            for k in range(step, viewer.last + 1):
                viewer.show(k)
        else:
            viewer.browse(step, _read_line(console))


# --------------------------------------------------------------------------- analyze
@app.command("analyze")
def analyze_command(
    file: Annotated[Path, typer.Argument(metavar="REPLAY", help="A finished game's replay.")],
    out: Annotated[Path, typer.Option(help="Write the analysis here (JSON).")],
    png: Annotated[
        Path | None, typer.Option(help="Also draw the win-chance graph as a PNG.")
    ] = None,
    budget: Annotated[
        float | None,
        typer.Option(
            help="Seconds of playouts in all (sets how many per decision; playouts only)."
        ),
    ] = None,
    method: Annotated[
        str,
        typer.Option(
            help="auto (value; playouts in solo games), value (the bots' evaluation) or playouts."
        ),
    ] = "auto",
    jobs: Annotated[int, typer.Option(help="Worker processes (or CPUs of a Ray runtime).")] = 1,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster to join.")] = None,
) -> None:
    """Each seat's chance of winning after every decision of a finished game, and the key
    moments: the moves that cost their mover the most, with what hard would have played."""
    from tabletide.sim.analysis import analyze
    from tabletide.sim.backends import make_backend

    console = _console()
    with _user_errors():
        if budget is not None and budget <= 0:
            raise ConfigError(f"--budget must be > 0 seconds; got {budget}")
        if png is not None:
            require_extra("plots", "--png")
        replay = Replay.load(file)
        runner = make_backend(backend, jobs, address)
        runner.check()
        with _progress(console) as bar:
            task = bar.add_task("analysing", total=None)
            result = analyze(
                replay,
                method=method,
                budget=budget,
                backend=runner,
                on_progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
        write_json(out, result)
        if png is not None:
            from tabletide.sim.analysis_plot import plot_analysis

            plot_analysis(result, png)
        show_analysis(console, result, _names_of(replay))
        console.print(f"Analysis written to {escape(str(out))}" + (f" and {png}" if png else ""))


def _replay_names(replay: Replay) -> list[str] | None:
    """The seats' names of a saved game: from `tabletide play`'s seats (``"human"``,
    ``"greedy"``) or a web table's (``{"name": "Alice"}``); None when it names none."""
    saved = replay.meta.get("seats")
    if not isinstance(saved, list) or len(saved) != replay.num_players:
        return None
    if all(isinstance(s, str) for s in saved):
        return _seat_names(saved)
    names = [str(s.get("name") or "").strip() if isinstance(s, dict) else "" for s in saved]
    if not all(names):
        return None
    return [name[:MAX_NAME_LENGTH] for name in names]


def _names_of(replay: Replay) -> list[str]:
    seats = replay.meta.get("seats")
    if isinstance(seats, list) and len(seats) == replay.num_players:
        return [f"Seat {i} ({s})" for i, s in enumerate(seats)]
    return [f"Seat {i}" for i in range(replay.num_players)]


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (a temporary file renamed over ``path``)."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def show_analysis(console: Console, result: dict[str, Any], names: list[str]) -> None:
    """The analysis in the terminal: the method, a row of chances per tenth of the game, and
    the key moments."""
    sides = names + [s for s in result["sides"][len(names) :]]
    plies = result["plies"]
    brier = result["calibration"].get("brier")
    measured = f", Brier score {brier:.3f} when calibrated" if brier is not None else ""
    console.print(f"[bold]Win chances[/bold] ({result['method']}{measured})")
    table = Table(show_edge=False)
    table.add_column("decision", justify="right")
    for side in sides:
        table.add_column(escape(side), justify="right")
    marks = sorted({round(k * (len(plies) - 1) / 10) for k in range(11)}) if plies else []
    for i in marks:
        row = plies[i]
        table.add_row(str(row["ply"] + 1), *[f"{p:.0%}" for p in row["win_prob"]])
    console.print(table)
    if not result["key_moments"]:
        console.print("No key moment: no move cost its mover much.")
        return
    console.print("[bold]Key moments[/bold]")
    for moment in result["key_moments"]:
        console.print(
            f"  decision {moment['ply'] + 1}, {escape(sides[moment['seat']])}: played "
            f"{escape(moment['played'])}; hard would play {escape(moment['better'])} "
            f"[dim](+{moment['swing']:.0%} chance of winning)[/dim]"
        )


def _play_journaled(
    console: Console,
    name: str,
    warnings: Sequence[str],
    journal: Journal[Any] | None,
    total: int,
    run: Callable[[Callable[[Any], None]], T],
) -> T:
    """Play a series (a tournament, a balance run) with a progress bar: its warnings first, a
    note when it resumes from ``journal``, and on Ctrl-C where the games played are kept."""
    for warning in warnings:
        console.print(f"[yellow]warning:[/yellow] {escape(warning)}", soft_wrap=True)
    if journal is not None and journal.path.exists():
        console.print(
            f"Resuming: {len(journal.load())} of {total} games are in {escape(str(journal.path))}"
        )
    try:
        with _progress(console) as progress:
            task = progress.add_task(name, total=total)
            return run(lambda _: progress.advance(task))
    except KeyboardInterrupt:
        if journal is not None:
            console.print(
                f"Stopped. The games played are kept in {escape(str(journal.path))}; "
                "run the same command to go on."
            )
        raise typer.Exit(130) from None


# --------------------------------------------------------------------------- bench
@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    players: Annotated[
        int | None, typer.Option(help="Player count (default: the smallest).")
    ] = None,
    num_games: Annotated[int, typer.Option("--games", help="Most games per measure.")] = 200,
    seconds: Annotated[
        float | None,
        typer.Option(help="Time budget for the whole run (default: 6, or 60 with --agent)."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
    agent: Annotated[
        str | None,
        typer.Option(
            help="Time this agent's decisions instead (e.g. ismcts, hard): seconds per "
            "decision and, for ISMCTS, iterations per second."
        ),
    ] = None,
    decisions: Annotated[int, typer.Option(help="With --agent: how many decisions to time.")] = 40,
    peers: Annotated[
        bool,
        typer.Option(
            "--peers",
            help="Measure beside OpenSpiel's python_tic_tac_toe (random playouts) and "
            "PettingZoo's tictactoe_v3 (its performance_benchmark loop), in CPU time, at every "
            "player count; GAME may be 'all'. --seconds is per measure (default 2).",
        ),
    ] = False,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="With --peers: also write the rows as JSON.")
    ] = None,
) -> None:
    """Measure engine speed (random games/s, steps/s, clone time), or an agent's thinking time."""
    console = _console()
    if peers:
        _bench_peers(console, game_name, players, 2.0 if seconds is None else seconds, json_out)
        return
    with _user_errors():
        game = load_game(game_name)
        n = _default_players(game) if players is None else players
        options = parse_options(option)
        if agent is not None:
            if decisions < 1:
                raise ConfigError(f"--decisions must be >= 1; got {decisions}")
            _measuring(console, f"Timing {agent} on {game.name} with {n} players...")
            timed = bench_agent(
                game,
                n,
                agent,
                decisions=decisions,
                seconds=60.0 if seconds is None else seconds,
                options=options,
            )
            console.print(bench_agent_table(timed))
            return
        _measuring(console, f"Benchmarking {game.name} with {n} players...")
        result = run_bench(
            game,
            n,
            games=num_games,
            seconds=6.0 if seconds is None else seconds,
            options=options,
        )
        console.print(bench_table(result))


def _bench_peers(
    console: Console, game_name: str, players: int | None, seconds: float, json_out: Path | None
) -> None:
    with _user_errors():
        if seconds <= 0:
            raise ConfigError(f"--seconds must be > 0; got {seconds}")
        names = list_games() if game_name == "all" else [game_name]
        games = [load_game(name) for name in names]
        from tabletide.rl.bench import BAR, peer_rows

        table = Table(
            title="Speed beside the references (per CPU second)",
            caption=f"ttt: OpenSpiel's python_tic_tac_toe; v3: PettingZoo's tictactoe_v3; "
            f"bar {BAR:g}x",
        )
        for column in ("game", "n", "playout steps/s", "x ttt", "PettingZoo turns/s", "x v3"):
            table.add_column(column, justify="left" if column == "game" else "right")
        rows = []
        _measuring(console, f"Measuring, about {4 * seconds:g} seconds a row...")
        for row in peer_rows(games, seconds, players):
            rows.append(row)
            cells = (
                row["game"],
                str(row["players"]),
                f"{row['playout_steps_per_s']:,.0f}",
                _ratio(row["playout_ratio"], BAR),
                f"{row['pettingzoo_turns_per_s']:,.0f}",
                _ratio(row["pettingzoo_ratio"], BAR),
            )
            table.add_row(*cells)
            if console.is_terminal:  # progress; the table follows
                console.print("  " + "  ".join(cells), highlight=False)
        console.print(table)
        if json_out is not None:
            write_json(json_out, {"seconds": seconds, "bar": BAR, "rows": rows})
            console.print(f"Wrote {json_out}")


def _measuring(console: Console, text: str) -> None:
    """Say what is being measured, without a spinner. A spinner is a second thread that draws
    while the measure runs: its CPU counts in the process's CPU time, and it takes the
    interpreter whenever numpy lets go of it (large masks and tensors), which slowed the
    PettingZoo loops of the big-action games by up to a third. Only on a terminal, as the
    spinner was (a piped run prints the result alone)."""
    if console.is_terminal:
        console.print(f"[dim]{text}[/]")


def _ratio(value: float, bar: float) -> str:
    return f"[{'green' if value >= bar else 'red'}]{value:.2f}[/]"


# --------------------------------------------------------------------------- tensor
@app.command()
def tensor(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game name.")],
    players: Annotated[
        int | None, typer.Option(help="Player count (default: 2, or the game's minimum).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
    ] = None,
) -> None:
    """Show the observation tensor's layout and the action codec (for learning agents)."""
    console = _console()
    with _user_errors():
        game = load_game(game_name)
        n = _default_players(game) if players is None else players
        options = game.resolve_options(n, parse_options(option))
        try:
            layout = game.tensor_layout(n, options)
        except NotImplementedError:
            raise ConfigError(f"{game.name} has no observation tensor yet") from None
        size = sum(s.size for s in layout)
        shown = ", ".join(f"{k}={_show(v)}" for k, v in options.items())
        console.print(f"[bold]{escape(game.title)}[/bold] · {n} players", end="")
        console.print(f" · {escape(shown)}" if shown else "")
        console.print(
            f"Observation tensor: {size} values (game.observation_tensor(state, seat); "
            "per-seat segments start with the observing seat)"
        )
        segments = Table()
        for column in ("segment", "offset", "size", "meaning"):
            segments.add_column(column, justify="right" if column in ("offset", "size") else "left")
        for s in layout:
            segments.add_row(escape(s.name), str(s.start), str(s.size), escape(s.meaning))
        console.print(segments)
        codec = game.action_codes
        console.print(
            f"Action codec: {codec.size} codes (game.encode_action); within a kind, the code "
            "counts through the parameters, the last one fastest"
        )
        actions = Table()
        for column in ("action kind", "codes", "parameters"):
            actions.add_column(column)
        offset = 0
        for spec in codec.specs:
            params = ", ".join(
                f"{p.name}: {' | '.join(p.values)}"
                if p.values
                else f"{p.name}: {p.lo}..{p.lo + p.size - 1}"
                for p in spec.params
            )
            codes = f"{offset}" if spec.size == 1 else f"{offset}..{offset + spec.size - 1}"
            actions.add_row(escape(spec.kind), codes, escape(params) or "-")
            offset += spec.size
        console.print(actions)


# --------------------------------------------------------------------------- serve
@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str,
        typer.Option(
            envvar="TABLETIDE_DATABASE_URL",
            help="SQLAlchemy URL of the database: sqlite:///FILE (default) or "
            "postgresql+psycopg://USER:PASSWORD@HOST/DB.",
        ),
    ] = "sqlite:///tabletide-web.sqlite3",
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes sharing the port (uvicorn workers); more than 1 needs "
            "PostgreSQL. Any number of serve commands may share one PostgreSQL database."
        ),
    ] = 1,
    bot_workers: Annotated[int, typer.Option(help="Processes the bots think in.")] = 2,
    picture_workers: Annotated[
        int,
        typer.Option(
            help="Processes that draw the board pictures of pushed moves (0: the server's "
            "own event loop draws them)."
        ),
    ] = 2,
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds a bot's turn takes at least (normal speed), so people can follow."
        ),
    ] = 1.0,
    proxy_headers: Annotated[
        bool,
        typer.Option(help="Trust X-Forwarded-For from --forwarded-allow-ips (behind a proxy)."),
    ] = False,
    forwarded_allow_ips: Annotated[
        str, typer.Option(help="Proxies trusted for X-Forwarded-* headers.")
    ] = "127.0.0.1",
) -> None:
    """Run the web app: play in the browser against friends or bots (docs/web.md)."""
    console = _console()
    with _user_errors():
        if not 0 < port < 65536:
            raise ConfigError(f"--port must be in 1..65535; got {port}")
        if bot_workers < 1 or bot_delay < 0:
            raise ConfigError("--bot-workers must be >= 1 and --bot-delay >= 0")
        if workers < 1:
            raise ConfigError(f"--workers must be >= 1; got {workers}")
        if picture_workers < 0:
            raise ConfigError(f"--picture-workers must be >= 0; got {picture_workers}")
        require_extra("web", "tabletide serve")
        from tabletide.web import serving
        from tabletide.web.db import DatabaseInUse
        from tabletide.web.settings import WebSettings

        if workers > 1 and serving.is_sqlite(database_url):
            raise ConfigError(
                "a SQLite database serves one process: --workers N needs a PostgreSQL "
                "--database-url (docs/web.md, Deployment)"
            )
        settings = WebSettings(
            database_url=database_url,
            bot_workers=bot_workers,
            bot_delay=bot_delay,
            picture_workers=picture_workers,
        )
        try:
            web_app = serving.prepare(settings, workers)
        except DatabaseInUse as exc:  # a second server on the same SQLite file
            raise ConfigError(str(exc)) from None
        except Exception as exc:  # a bad URL or an unreachable database
            from sqlalchemy.engine import make_url

            try:
                shown = make_url(database_url).render_as_string(hide_password=True)
            except Exception:
                shown = "(unreadable URL)"
            raise ConfigError(f"cannot open the database {shown}: {exc}") from None
        console.print(f"tabletide is at [bold]http://{host}:{port}/[/bold] (Ctrl-C stops it)")
        serving.run(
            web_app,
            settings,
            host=host,
            port=port,
            workers=workers,
            proxy_headers=proxy_headers,
            forwarded_allow_ips=forwarded_allow_ips,
        )
