-- The super admin's list of pushes that went wrong (GET /api/admin/push-deliveries, issue 36): failed, or
-- waiting for a retry after an error, newest first, 100 rows. On the generated 1,000-club platform
-- (151,350 deliveries, 2,224 of them failed or retrying) PostgreSQL read every such row through the
-- (status, next_attempt_at) index and sorted them: 32.5 ms, 2,721 buffers (bench/README.md). Failed rows
-- are kept, so that sort grows with the platform's history; this index hands the newest 100 in order.
CREATE INDEX push_deliveries_issues_idx ON push_deliveries (created_at DESC, id DESC)
  WHERE status = 'failed' OR (status = 'pending' AND attempts > 0);
