// The projection lives in @skill-map/spec (pure), shared with the MCP Apps view of @skill-map/ui.
export { projectMap } from '@skill-map/spec';
