// The claim server's browser client: plain JavaScript, no build step, no CDN.
// "/" creates a table; "/play/TABLE#TOKEN" plays the seat the token opens. The page
// draws the messages of the server's protocol (claim.apps.server.protocol): a view
// of the game as the seat may see it, its legal moves and the votes so far.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function cardNode(notation, tag) {
  const match = /^([A-Za-z]+)(-?\d+)$/.exec(notation);
  const node = el(tag || "span", { className: "card" });
  node.dataset.card = notation;
  if (match) {
    node.append(el("span", {}, match[2]), el("small", {}, match[1]));
    let hue = 0;
    for (const ch of match[1]) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
    node.style.borderColor = `hsl(${hue}, 55%, 38%)`;
    node.style.background = `hsl(${hue}, 60%, 94%)`;
  } else {
    node.append(notation);
  }
  return node;
}

function cards(notations, small) {
  return notations.map((c) => {
    const node = cardNode(c);
    if (small) node.classList.add("small");
    return node;
  });
}

// -- the lobby: create a table ---------------------------------------------------

async function startLobby() {
  $("lobby").hidden = false;
  const variants = await (await fetch("/api/variants")).json();
  for (const v of variants) {
    $("variant").append(el("option", { value: v.name }, `${v.title} (${v.name}, ${v.players} players)`));
  }
  const players = () => {
    const yaml = document.querySelector("input[name=source]:checked").value === "yaml";
    if (yaml) return Number($("yaml-players").value);
    return variants.find((v) => v.name === $("variant").value).players;
  };
  const drawSeats = () => {
    const box = $("seat-choices");
    box.replaceChildren();
    for (let seat = 0; seat < players(); seat++) {
      const select = el("select", { name: `seat${seat}` });
      for (const kind of ["human", "random", "heuristic", "ismcts"]) {
        select.append(el("option", { value: kind }, kind === "human" ? "a person (invite link)" : `bot: ${kind}`));
      }
      if (seat > 0) select.value = "heuristic";
      box.append(el("label", {}, `Seat ${seat}: `, select));
    }
  };
  for (const input of document.querySelectorAll("input[name=source], #variant, #yaml-players")) {
    input.addEventListener("change", drawSeats);
  }
  drawSeats();
  $("create").addEventListener("submit", (event) => {
    event.preventDefault();
    createTable(players());
  });
}

async function createTable(players) {
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    seats.push(document.querySelector(`select[name=seat${seat}]`).value);
  }
  const yaml = document.querySelector("input[name=source]:checked").value === "yaml";
  const body = yaml ? { yaml: $("yaml").value, seats } : { variant: $("variant").value, seats };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  $("create-error").hidden = response.ok;
  if (!response.ok) {
    $("create-error").textContent = answer.message;
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  const link = (text, path) => {
    const url = location.origin + path;
    return el("li", {}, `${text}: `, el("a", { href: url, target: "_blank", className: "invite" }, url));
  };
  for (const seat of answer.seats) {
    list.append(seat.link ? link(`Seat ${seat.seat}`, seat.link) : el("li", {}, `Seat ${seat.seat}: bot ${seat.player}`));
  }
  list.append(link("Spectators", answer.spectator));
  $("links").hidden = false;
}

// -- a game ----------------------------------------------------------------------

const game = { table: "", token: "", socket: null, retries: 0, stopped: false, last: null };

function startGame() {
  $("game").hidden = false;
  game.table = decodeURIComponent(location.pathname.split("/")[2] || "");
  game.token = location.hash.slice(1);
  if (!game.token) {
    status("This link has no seat token (the part after #): ask for your invite link.");
    return;
  }
  $("record-link").href = `/api/tables/${encodeURIComponent(game.table)}/record`;
  connect();
}

function status(text) {
  $("status").textContent = text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(game.table)}`);
  game.socket = socket;
  socket.onopen = () => {
    game.retries = 0;
    status("connected");
    socket.send(JSON.stringify({ type: "hello", token: game.token }));
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") draw(message, null);
    if (message.type === "update") update(message);
    if (message.type === "error") showError(message.message);
  };
  socket.onclose = (event) => {
    if (socket !== game.socket) return;
    if ([4000, 4001, 4003, 4004].includes(event.code)) {
      game.stopped = true;
      status(`disconnected: ${event.reason}`);
      return;
    }
    const wait = Math.min(5000, 250 * 2 ** game.retries++);
    status(`connection lost; reconnecting in ${(wait / 1000).toFixed(1)} s`);
    setTimeout(connect, wait);
  };
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = false;
}

function send(action) {
  $("error").hidden = true;
  const move = action[1] === null ? { type: "move", move: action[0] } : { type: "move", action: action[1] };
  game.socket.send(JSON.stringify(move));
  for (const button of document.querySelectorAll("#hand button, #choices button")) button.disabled = true;
}

// After each move the server sends an update: the view's new history entries and
// its other fields. The whole view is the last one held with the entries appended.
function update(message) {
  const held = game.last && game.last.view;
  if (!held || message.since !== held.history.length) {
    game.socket.close();  // out of step: reconnect, and the server sends the whole view
    return;
  }
  message.view.history = held.history.concat(message.history);
  draw(message, message.history);
}

function draw(message, added) {
  const view = message.view;
  game.last = message;
  document.body.dataset.moves = message.moves;
  drawTurn(message, view);
  $("prompt").hidden = !view.pending;
  $("prompt").textContent = view.pending ? `Seat ${view.pending.seat}: ${view.pending.prompt}` : "";
  $("face-up").replaceChildren(...cards(view.face_up));
  $("trick").replaceChildren(...view.trick.map(([seat, card]) => {
    const node = cardNode(card);
    node.title = `seat ${seat}`;
    return el("span", { className: "played" }, `seat ${seat}: `, node);
  }));
  $("draw-pile").textContent = `${view.draw_pile_size} cards`;
  drawHand(message, view);
  drawSeats(message, view);
  drawVotes(message);
  drawLog(view, added);
  $("result").hidden = !message.result;
  $("result-text").textContent = message.result ? message.result.text : "";
}

function drawTurn(message, view) {
  const turn = $("turn");
  const who = view.seat === null ? "You watch" : `You are seat ${view.seat}`;
  let text = `${message.title}: ${who}. `;
  let state = "waiting";
  if (message.result) {
    text += "The game is over.";
    state = "over";
  } else if (view.current_player === view.seat) {
    text += "Your turn.";
    state = "yours";
  } else {
    text += `Seat ${view.current_player} to move.`;
  }
  turn.textContent = text;
  turn.className = state;
  turn.dataset.state = state;
}

function drawHand(message, view) {
  const byText = new Map(message.actions.map((action) => [action[0], action]));
  const hand = view.hand.map((card) => {
    const button = cardNode(card, "button");
    const action = byText.get(card);
    button.disabled = !action;
    if (action) {
      button.classList.add("legal");
      button.addEventListener("click", () => send(action));
      byText.delete(card);
    }
    return button;
  });
  $("hand").replaceChildren(...hand);
  $("choices").replaceChildren(...[...byText.values()].map((action) => {
    const button = el("button", { type: "button", className: "choice" }, action[0]);
    button.dataset.move = action[0];
    button.addEventListener("click", () => send(action));
    return button;
  }));
}

function drawSeats(message, view) {
  const rows = [el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Hand"),
    el("th", {}, "Followers"), el("th", {}, "Score pile"), el("th", {}, "In front"))];
  for (let seat = 0; seat < message.players; seat++) {
    const followers = seat === view.seat
      ? el("div", { className: "cards" }, ...cards(view.follower_pile, true))
      : `${view.follower_sizes[seat]} cards`;
    const front = view.zones.filter((z) => z.seat === seat && z.public)
      .flatMap((z) => z.cards);
    const row = el("tr", {},
      el("td", {}, seat === view.seat ? `${seat} (you)` : seat),
      el("td", {}, `${view.hand_sizes[seat]} cards`),
      el("td", {}, followers),
      el("td", {}, el("div", { className: "cards" }, ...cards(view.score_piles[seat], true))),
      el("td", {}, el("div", { className: "cards" }, ...cards(front, true))));
    if (seat === view.seat) row.classList.add("me");
    if (seat === view.current_player) row.classList.add("to-move");
    rows.push(row);
  }
  $("seats").replaceChildren(...rows);
}

function drawVotes(message) {
  const parties = message.parties.map((party) => `seat${party.length > 1 ? "s" : ""} ${party.join("+")}`);
  const rows = [el("tr", {}, el("th", {}, "Faction"), ...parties.map((p) => el("th", {}, p)), el("th", {}, "Vote"))];
  for (const vote of message.votes) {
    const winner = vote.winner === null ? "-" : parties[vote.winner];
    rows.push(el("tr", {}, el("td", {}, vote.faction), ...vote.counts.map((n) => el("td", {}, n)), el("td", {}, winner)));
  }
  $("votes").replaceChildren(...rows);
}

function eventText(event) {
  if (event.event === "TrickCompleted") return `trick won by seat ${event.ranking[0]}`;
  if (event.event === "PhaseStarted") return `phase: ${event.phase.phase}`;
  if (event.event === "LeaderChosen") return `seat ${event.seat} leads`;
  if (event.event === "HiddenEvent") return "";
  if (event.card && event.card.card) return `${event.event} ${event.card.card}`;
  return event.event;
}

// The log: every entry of a whole view, or only an update's new ones appended.
function drawLog(view, added) {
  const log = $("log");
  const items = (added || view.history).map((record) => {
    const said = record.events.map(eventText).filter(Boolean).join("; ");
    return el("li", {}, `seat ${record.seat}: ${record.move}${said ? ` (${said})` : ""}`);
  });
  if (added) log.append(...items);
  else log.replaceChildren(...items);
  log.scrollTop = log.scrollHeight;
}

if (location.pathname.startsWith("/play/")) {
  startGame();
} else {
  startLobby();
}
