-- Badge icons are sanitised once, when stored (ADR 023). icon_sanitized_v is the sanitiser version the
-- row's icon_svg went through; 0 = never (rows written before this column, or inserted by plain SQL).
-- Reads serve icon_svg as stored only when the version is current; older rows are cleaned in memory on
-- read and rewritten by the 'badge-icon-sweep' job, which looks them up through this index.
ALTER TABLE badges ADD COLUMN icon_sanitized_v smallint NOT NULL DEFAULT 0;
CREATE INDEX badges_icon_sanitized_v_idx ON badges (icon_sanitized_v);
