/**
 * Migration 006: `state_activity_seen`, the persisted last-seen record of the activity capture (engines/activity,
 * `LastSeenStore`): one row per node path and host, with the latest sighting (epoch ms) and how many there were. A
 * state-zone table: rescans and `sm db reset` of the scan zone keep it.
 */
export const MIGRATION_006_ACTIVITY_SEEN = `
CREATE TABLE state_activity_seen (
  node_path TEXT NOT NULL,
  host TEXT NOT NULL,
  last_seen_at INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (node_path, host)
) WITHOUT ROWID;
CREATE INDEX state_activity_seen_at ON state_activity_seen (last_seen_at);
`;
