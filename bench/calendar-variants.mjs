// Request rewriters for the calendar benchmark (plain JS: they run inside the load worker).

const HOUR = 3_600_000;
const FIRST = Date.parse('2027-02-01T00:00:00Z');

/** GET /meetings for a one-month window starting at a random hour of a year, so that answers are computed rather than served from the answer cache. */
export function monthWindow(req) {
  const from = FIRST + Math.floor(Math.random() * 24 * 365) * HOUR;
  const to = from + 30 * 24 * HOUR;
  return { ...req, path: `${req.path}?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}` };
}
