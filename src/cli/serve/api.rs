//! The JSON API: one handler per endpoint, each reading a request, checking it against the
//! [limits](super::limits), computing on a blocking thread (a bounded number at once) and
//! answering JSON; every refusal is `{"error": "...", "details": "..."}` with a fitting
//! status code.
//!
//! | endpoint | request | answer |
//! |---|---|---|
//! | `GET /api/variants` | | the loaded variants and the limits |
//! | `GET /api/variants/{id}` | | one variant's file text |
//! | `POST /api/validate` | `{name, toml}` | `{ok, summary, warnings}` or `{ok: false, errors, report}` |
//! | `POST /api/state` | `{game, flip}` | the board picture, legal moves, pieces in hand, result, position string |
//! | `POST /api/piece` | `{game, cell}` | the legal moves of the piece on `cell`, by kind |
//! | `POST /api/explain` | `{game, piece}` | the piece's `explain` text and diagram |
//! | `POST /api/engine` | `{game, movetime_ms}` | the engine's move |
//! | `POST /api/perft` | `{game, depth}` | perft with divide |
//!
//! A `game` is `{variant: ID}` or `{toml: TEXT, name: FILE}`, with an optional start `fen`
//! and the `moves` played from it. The server keeps no game: every request carries its own,
//! so any number of tabs play at once.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path as UrlPath, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fairyrules::engine::{Engine, Limits};
use fairyrules::explain::{explain, explanation_svg, explanation_text, find_kind};
use fairyrules::svg::render_position;
use fairyrules::{claimable_draw, describe_outcome, in_check, legal_moves, outcome, to_fen};
use fairyrules::{Color, Diagnostic, KindId, Outcome, Piece, Position, Rules, Severity};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use super::game::{self, KindInfo, MoveInfo};
use super::library::{validate_text, Library};
use super::limits::*;
use super::perft::{self, Stopped};

/// What the handlers share.
pub struct App {
    /// The loaded variants.
    pub library: Library,
    /// Slots for light computations (moves, validation, pictures).
    pub light: Arc<Semaphore>,
    /// Slots for heavy computations (engine, perft): one per core.
    pub heavy: Arc<Semaphore>,
}

/// A refused or failed request: its status and message, and optional details (a
/// validation report).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    details: Option<String>,
}

impl ApiError {
    /// An error with this status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            details: None,
        }
    }

    /// 400: the request is wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 413: a part of the request is over its limit.
    fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    fn with_details(mut self, details: String) -> ApiError {
        self.details = Some(details);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some(d) = self.details {
            body["details"] = Value::String(d);
        }
        (self.status, Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError::new(
            rejection.status(),
            format!("bad request body: {}", rejection.body_text()),
        )
    }
}

/// A handler's answer.
type ApiResult = Result<Json<Value>, ApiError>;

/// Run `work` on a blocking thread once one of `slots` is free (waiting at most
/// [`QUEUE_WAIT`]).
async fn compute<T: Send + 'static>(
    slots: &Arc<Semaphore>,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: no computing slot became free within {} s",
                QUEUE_WAIT.as_secs()
            ),
        )
    };
    let permit = tokio::time::timeout(QUEUE_WAIT, slots.clone().acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {e}"),
        )
    })?
}

/// A game as a request carries it.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// A loaded variant's id.
    #[serde(default)]
    variant: Option<String>,
    /// Or a variant's text (an edited file).
    #[serde(default)]
    toml: Option<String>,
    /// The file name diagnostics give the text.
    #[serde(default)]
    name: Option<String>,
    /// Start position (default: the variant's).
    #[serde(default)]
    fen: Option<String>,
    /// Moves played from the start position.
    #[serde(default)]
    moves: Vec<String>,
}

/// A diagnostics file name: as sent, without control characters, at most 200 characters.
fn file_name(name: Option<&str>) -> String {
    let name: String = name
        .unwrap_or("untitled.toml")
        .chars()
        .filter(|c| !c.is_control())
        .take(200)
        .collect();
    if name.is_empty() {
        "untitled.toml".to_string()
    } else {
        name
    }
}

impl GameSpec {
    /// Check the request's sizes.
    fn check(&self) -> Result<(), ApiError> {
        if let Some(t) = &self.toml {
            check_toml(t)?;
        }
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::too_large(format!(
                "{} moves: a game may have at most {MAX_MOVES}",
                self.moves.len()
            )));
        }
        let long = |s: &String| s.chars().count() > MAX_FIELD_CHARS;
        if self.fen.iter().chain(&self.moves).any(long) {
            return Err(ApiError::too_large(format!(
                "a move or position string is longer than {MAX_FIELD_CHARS} characters"
            )));
        }
        Ok(())
    }

    /// The game's compiled variant.
    fn rules(&self, library: &Library) -> Result<Arc<Rules>, ApiError> {
        match (&self.variant, &self.toml) {
            (Some(_), Some(_)) => Err(ApiError::bad_request(
                "give the game's `variant` (an id) or its `toml` (a file's text), not both",
            )),
            (None, None) => Err(ApiError::bad_request(
                "the game needs a `variant` (an id) or a `toml` (a file's text)",
            )),
            (Some(id), None) => {
                let v = library.get(id).ok_or_else(|| {
                    let ids: Vec<&str> = library.variants.iter().map(|v| v.id.as_str()).collect();
                    ApiError::new(
                        StatusCode::NOT_FOUND,
                        format!("unknown variant `{id}`; loaded: {}", ids.join(", ")),
                    )
                })?;
                v.rules.clone().map_err(|report| {
                    ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("{} has errors", v.file),
                    )
                    .with_details(report)
                })
            }
            (None, Some(text)) => {
                let name = file_name(self.name.as_deref());
                library.compile(&name, text).map_err(|e| {
                    ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("{name} has errors"),
                    )
                    .with_details(validate_text(&name, &e))
                })
            }
        }
    }

    /// The game's variant and current position.
    fn load(&self, library: &Library) -> Result<(Arc<Rules>, Position), ApiError> {
        self.check()?;
        let rules = self.rules(library)?;
        let pos = game::build(&rules, self.fen.as_deref(), &self.moves)?;
        Ok((rules, pos))
    }
}

fn check_toml(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TOML_BYTES {
        return Err(ApiError::too_large(format!(
            "the variant text has {} bytes: at most {MAX_TOML_BYTES} are accepted",
            text.len()
        )));
    }
    Ok(())
}

/// `GET /api/variants`.
pub async fn variants(State(app): State<Arc<App>>) -> Json<Value> {
    let list: Vec<Value> = app
        .library
        .variants
        .iter()
        .map(|v| {
            json!({
                "id": v.id,
                "name": v.name(),
                "file": v.file,
                "ok": v.rules.is_ok(),
                "hex": v.rules.as_ref().map(|r| r.geometry().is_hex()).unwrap_or(false),
            })
        })
        .collect();
    Json(json!({
        "variants": list,
        "limits": {
            "max_body_bytes": MAX_BODY_BYTES,
            "max_toml_bytes": MAX_TOML_BYTES,
            "max_moves": MAX_MOVES,
            "max_perft_depth": MAX_PERFT_DEPTH,
            "max_perft_nodes": MAX_PERFT_NODES,
            "max_perft_seconds": MAX_PERFT_TIME.as_secs(),
            "max_engine_ms": MAX_ENGINE_MS,
        }
    }))
}

/// `GET /api/variants/{id}`: the file's text.
pub async fn variant_source(
    State(app): State<Arc<App>>,
    UrlPath(id): UrlPath<String>,
) -> ApiResult {
    let v = app
        .library
        .get(&id)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("unknown variant `{id}`")))?;
    Ok(Json(json!({
        "id": v.id,
        "name": v.name(),
        "file": v.file,
        "source": v.source,
        "ok": v.rules.is_ok(),
    })))
}

/// A `validate` request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidateRequest {
    /// The file name diagnostics give the text.
    #[serde(default)]
    name: Option<String>,
    /// The variant text.
    toml: String,
}

/// One diagnostic, located.
#[derive(Serialize)]
struct ErrorInfo {
    /// The file the error is in: the text validated, or a variant it `extends`.
    file: String,
    severity: &'static str,
    message: String,
    hint: Option<String>,
    /// 1-based line and column (in characters) of the span's start and end.
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// As `fairyrules validate` prints it.
    rendered: String,
}

/// `POST /api/validate`: every problem of a variant text, located, as `validate` reports it.
pub async fn validate(
    State(app): State<Arc<App>>,
    body: Result<Json<ValidateRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    check_toml(&req.toml)?;
    let name = file_name(req.name.as_deref());
    let answer = compute(&app.light, {
        let app = app.clone();
        move || {
            let start = Instant::now();
            let result = app.library.compile(&name, &req.toml);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            // Located in its file: this text, or a file it extends.
            let info = |sources: &fairyrules::diagnostics::Sources, d: &Diagnostic| {
                let (base, file) = sources.locate(d.span.start);
                let (line, column) = file.line_col(d.span.start - base);
                let (end_line, end_column) = file.line_col(d.span.end.saturating_sub(base));
                ErrorInfo {
                    file: file.name.clone(),
                    severity: match d.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    },
                    message: d.message.clone(),
                    hint: d.hint.clone(),
                    line,
                    column,
                    end_line,
                    end_column,
                    rendered: sources.render(d),
                }
            };
            Ok(match result {
                Ok(rules) => {
                    // The warnings (`validate`'s), from a second, uncached compilation.
                    let warnings: Vec<ErrorInfo> = Rules::from_text_checked(&name, &req.toml)
                        .map(|c| c.warnings.iter().map(|d| info(&c.sources, d)).collect())
                        .unwrap_or_default();
                    json!({
                        "ok": true,
                        "name": rules.name(),
                        "summary": fairyrules::summary(&rules, Path::new(&name)),
                        "warnings": warnings,
                        "ms": ms,
                    })
                }
                Err(e) => {
                    let errors: Vec<ErrorInfo> =
                        e.diagnostics.iter().map(|d| info(&e.sources, d)).collect();
                    json!({
                        "ok": false,
                        "errors": errors,
                        "report": validate_text(&name, &e),
                        "ms": ms,
                    })
                }
            })
        }
    })
    .await?;
    Ok(Json(answer))
}

/// A request about a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateRequest {
    game: GameSpec,
    /// Draw the board from Black's side.
    #[serde(default)]
    flip: bool,
}

fn outcome_json(rules: &Rules, pos: &mut Position) -> Value {
    let result = outcome(rules, pos);
    // The rule's words as `describe_outcome` says them ("repetition", "the n-move rule").
    let claim = claimable_draw(rules, pos).map(|reason| {
        let text = describe_outcome(&Outcome::Draw { reason });
        text.trim_start_matches("1/2-1/2 (draw by ")
            .trim_end_matches(')')
            .to_string()
    });
    json!({
        "over": result != Outcome::Ongoing,
        "result": result.to_string().split(' ').next().unwrap_or("*"),
        "text": describe_outcome(&result),
        "claimable": claim,
    })
}

/// `POST /api/state`: everything the page shows of a position.
pub async fn state(
    State(app): State<Arc<App>>,
    body: Result<Json<StateRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    let answer = compute(&app.light, {
        let app = app.clone();
        move || {
            let start = Instant::now();
            let (rules, mut pos) = req.game.load(&app.library)?;
            let legal = legal_moves(&rules, &mut pos);
            let moves = game::describe(&rules, &pos, &legal, &legal);
            let svg = render_position(&rules, &pos, None, req.flip)
                .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?;
            let kinds: Vec<KindInfo> = (0..rules.kinds().len())
                .map(|k| KindInfo::of(&rules, Piece::new(k as KindId, Color::White)))
                .collect();
            let g = rules.geometry();
            let pieces: Vec<Value> = g
                .cells()
                .filter_map(|c| {
                    pos.piece_at(c).map(|p| {
                        json!({
                            "cell": g.name(c),
                            "color": game::side_name(p.color()),
                            "kind": rules.kind(p.kind()).id,
                        })
                    })
                })
                .collect();
            // The pieces in hand, side by side, in the file's order.
            let hands: Vec<Value> = Color::BOTH
                .iter()
                .flat_map(|&color| {
                    let rules = &rules;
                    let pos = &pos;
                    (0..rules.kinds().len() as KindId).filter_map(move |k| {
                        let count = pos.in_hand(Piece::new(k, color));
                        (count > 0).then(|| {
                            json!({
                                "color": game::side_name(color),
                                "kind": rules.kind(k).id,
                                "count": count,
                            })
                        })
                    })
                })
                .collect();
            Ok(json!({
                "name": rules.name(),
                "hex": rules.geometry().is_hex(),
                "has_hands": rules.has_hands(),
                "hands": hands,
                "fen": to_fen(&rules, &pos),
                "start_fen": rules.start_fen(),
                "side": game::side_name(pos.side_to_move()),
                "in_check": in_check(&rules, &pos),
                "outcome": outcome_json(&rules, &mut pos),
                "legal": moves,
                "kinds": kinds,
                "pieces": pieces,
                "svg": svg,
                "ms": start.elapsed().as_secs_f64() * 1000.0,
            }))
        }
    })
    .await?;
    Ok(Json(answer))
}

/// A request about one piece of a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceRequest {
    game: GameSpec,
    /// The piece's cell.
    cell: String,
}

/// `POST /api/piece`: the legal moves of the piece on a cell, by kind.
pub async fn piece(
    State(app): State<Arc<App>>,
    body: Result<Json<PieceRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    let answer = compute(&app.light, {
        let app = app.clone();
        move || {
            let start = Instant::now();
            let (rules, pos) = req.game.load(&app.library)?;
            let cell = rules.geometry().parse_cell(&req.cell).ok_or_else(|| {
                ApiError::bad_request(format!("`{}` is not a cell of this board", req.cell))
            })?;
            let (piece, to_move, moves): (_, bool, Vec<MoveInfo>) =
                game::piece_moves(&rules, &pos, cell)?;
            Ok(json!({
                "cell": req.cell,
                "piece": KindInfo::of(&rules, piece),
                "color": game::side_name(piece.color()),
                "to_move": to_move,
                "moves": moves,
                "ms": start.elapsed().as_secs_f64() * 1000.0,
            }))
        }
    })
    .await?;
    Ok(Json(answer))
}

/// A request to explain a piece kind.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    game: GameSpec,
    /// The piece's id or letter.
    piece: String,
}

/// `POST /api/explain`: the piece's `explain` text and SVG diagrams.
pub async fn explain_piece(
    State(app): State<Arc<App>>,
    body: Result<Json<ExplainRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    let answer = compute(&app.light, {
        let app = app.clone();
        move || {
            req.game.check()?;
            let rules = req.game.rules(&app.library)?;
            let kind = find_kind(&rules, &req.piece).map_err(ApiError::bad_request)?;
            let e = explain(&rules, kind);
            let k = rules.kind(kind);
            Ok(json!({
                "id": k.id,
                "name": k.name,
                "letter": k.letter.to_string(),
                "text": explanation_text(&rules, &e),
                "svg": explanation_svg(&rules, &e),
            }))
        }
    })
    .await?;
    Ok(Json(answer))
}

/// A request for the engine's move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    game: GameSpec,
    /// Thinking time (1 ..= [`MAX_ENGINE_MS`]).
    movetime_ms: u64,
}

/// `POST /api/engine`: the engine's move in the game's position.
pub async fn engine(
    State(app): State<Arc<App>>,
    body: Result<Json<EngineRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    if !(1..=MAX_ENGINE_MS).contains(&req.movetime_ms) {
        return Err(ApiError::bad_request(format!(
            "movetime_ms must be 1 to {MAX_ENGINE_MS}"
        )));
    }
    let answer = compute(&app.heavy, {
        let app = app.clone();
        move || {
            let (rules, mut pos) = req.game.load(&app.library)?;
            let result = outcome(&rules, &mut pos);
            if result != Outcome::Ongoing {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!("the game is over: {}", describe_outcome(&result)),
                ));
            }
            let mut engine = Engine::new(ENGINE_TABLE_MB);
            let limits = Limits::movetime(Duration::from_millis(req.movetime_ms));
            let found = engine.search(&rules, &mut pos, &limits);
            let best = found.best.ok_or_else(|| {
                ApiError::new(StatusCode::CONFLICT, "the side to move has no legal move")
            })?;
            // The line in the notation, each move written in its own position.
            let mut pv = Vec::new();
            let mut line = pos.clone();
            for mv in &found.pv {
                let legal = legal_moves(&rules, &mut line);
                if !legal.contains(mv) {
                    break;
                }
                pv.push(fairyrules::move_to_string(&rules, &legal, mv));
                line.make(&rules, *mv);
            }
            let legal = legal_moves(&rules, &mut pos);
            Ok(json!({
                "move": fairyrules::move_to_string(&rules, &legal, &best),
                "score": found.score_text(),
                "depth": found.depth,
                "nodes": found.nodes,
                "ms": found.elapsed.as_secs_f64() * 1000.0,
                "pv": pv,
            }))
        }
    })
    .await?;
    Ok(Json(answer))
}

/// A perft request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftRequest {
    game: GameSpec,
    /// Depth (1 ..= [`MAX_PERFT_DEPTH`]).
    depth: u32,
}

/// `POST /api/perft`: perft with divide from the game's position, within the node and time
/// budget.
pub async fn perft(
    State(app): State<Arc<App>>,
    body: Result<Json<PerftRequest>, JsonRejection>,
) -> ApiResult {
    let Json(req) = body?;
    if !(1..=MAX_PERFT_DEPTH).contains(&req.depth) {
        return Err(ApiError::bad_request(format!(
            "depth must be 1 to {MAX_PERFT_DEPTH}"
        )));
    }
    let answer = compute(&app.heavy, {
        let app = app.clone();
        move || {
            let (rules, mut pos) = req.game.load(&app.library)?;
            let start = Instant::now();
            let rows = perft::divide(
                &rules,
                &mut pos,
                req.depth,
                MAX_PERFT_NODES,
                start + MAX_PERFT_TIME,
            )
            .map_err(|why| {
                let limit = match why {
                    Stopped::Nodes => format!("more than {MAX_PERFT_NODES} nodes"),
                    Stopped::Time => format!("more than {} s", MAX_PERFT_TIME.as_secs()),
                };
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "perft {} stopped: it needs {limit}, the limit of one request; \
                         run `fairyrules perft` for deeper counts",
                        req.depth
                    ),
                )
            })?;
            let secs = start.elapsed().as_secs_f64();
            let nodes: u64 = rows.iter().map(|r| r.1).sum();
            let divide: Vec<Value> = rows
                .iter()
                .map(|(m, n)| json!({ "move": m, "nodes": n }))
                .collect();
            Ok(json!({
                "depth": req.depth,
                "nodes": nodes,
                "divide": divide,
                "ms": secs * 1000.0,
            }))
        }
    })
    .await?;
    Ok(Json(answer))
}
