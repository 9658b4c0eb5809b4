// The engine's levels for the play card's `#level` menu (docs/levels.md): `Skill Level`
// 0-20 with the Elo each plays at, and `UCI_Elo` choices through `UCI_LimitStrength`. The
// menu's value becomes `new_game`'s `level` (docs/gui-api.md).

/** (level, Elo): the calibration of uci/src/strength.rs (chess against Stockfish 15.1's
 * `UCI_Elo` scale), read between its points by straight lines as the engine reads it. */
const CALIBRATION = [[0, 1100], [4, 1150], [8, 1305], [12, 1650], [16, 1955], [19, 2000], [20, 2100]];

/** The level a person meets unless they choose: 4, about 1150, below Stockfish's weakest
 * level; it drops a piece in about one move in thirty (docs/levels.md). */
export const DEFAULT_LEVEL = 'skill:4';
/** Engine against engine: each at its own strength unless chosen. */
export const ENGINE_GAME_LEVEL = 'full';

function eloOfLevel(level) {
  const upper = Math.max(1, CALIBRATION.findIndex(([l]) => l >= level));
  const [[l0, e0], [l1, e1]] = [CALIBRATION[upper - 1], CALIBRATION[upper]];
  return e0 + ((e1 - e0) * (level - l0)) / (l1 - l0);
}

/** The menu's options, `[value, words]`, in groups: `[label, options]`. A measured level
 * shows its Elo; one between two measured points, `~` and the Elo read between them. */
export function levelMenu() {
  const measured = new Set(CALIBRATION.map(([l]) => l));
  const skills = [['full', `Full strength (${eloOfLevel(20)})`]];
  for (let level = 19; level >= 0; level -= 1) {
    const elo = measured.has(level) ? `${eloOfLevel(level)}` : `~${Math.round(eloOfLevel(level) / 10) * 10}`;
    skills.push([`skill:${level}`, `Level ${level} (${elo})`]);
  }
  const elos = [];
  for (let elo = 2000; elo >= CALIBRATION[0][1]; elo -= 100) elos.push([`elo:${elo}`, `Elo ${elo}`]);
  return [['Skill Level', skills], ['Elo (UCI_LimitStrength)', elos]];
}

/** The words of a game's `level` (`{skill}` or `{elo}`), as the menu says them: `Level 4
 * (1150)`, `Elo 1500`; '' for none. */
export function levelWords(level) {
  const value = level?.skill !== undefined ? `skill:${level.skill}` : level?.elo !== undefined ? `elo:${level.elo}` : null;
  if (level?.skill === 20) return 'Level 20 (2100)';
  const words = levelMenu().flatMap(([, options]) => options).find(([v]) => v === value)?.[1];
  return words ?? (level?.elo !== undefined ? `Elo ${level.elo}` : '');
}

/** `new_game`'s `level` for a menu value: `{skill}`, `{elo}`, or null (the engine's own). */
export function levelOf(value) {
  const [kind, n] = String(value).split(':');
  if (kind === 'skill') return { skill: Number(n) };
  if (kind === 'elo') return { elo: Number(n) };
  return null;
}
