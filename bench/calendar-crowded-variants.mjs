// Request rewriters for the crowded-calendar benchmark (plain JS: they run inside the load worker).

const HOUR = 3_600_000;
const FIRST = Date.parse('2031-02-01T00:00:00Z');

/** GET /meetings for the widest window (366 days) from a random hour of a year, 50 items, so answers are computed rather than served from the answer cache. */
export function yearWindow(req) {
  const from = FIRST + Math.floor(Math.random() * 24 * 365) * HOUR;
  const to = from + 366 * 24 * HOUR;
  return { ...req, path: `${req.path}?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&limit=50` };
}
