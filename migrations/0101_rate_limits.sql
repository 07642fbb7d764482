-- Issue 21: rate-limit counters shared by every app instance on one PostgreSQL (fixed windows).
-- Unlogged: losing the counters in a crash only forgives a few requests.
CREATE UNLOGGED TABLE rate_limit_counters (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  window_ms    integer NOT NULL CHECK (window_ms > 0),
  hits         integer NOT NULL DEFAULT 1,
  last_at      timestamptz,
  prev_at      timestamptz,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);

