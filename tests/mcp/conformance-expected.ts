/*
 * The checks of the MCP conformance suite (0.2.0-alpha.12) that this server is expected to
 * fail, per requirement set, each with the reason. Every other check must pass; a check that
 * starts passing, or a new failure, breaks tests/mcp/mcp-conformance.test.ts until this list is
 * updated. The conformance table of docs/mcp.md is this list grouped by reason.
 */

/** The requirement sets the suite is run with. */
export type Requirements = '2026-07-28' | '2025-11-25';

const fixtureTool = (tool: string) => `calls the fixture tool \`${tool}\`, which only the suite's reference server has; our tools and their isError answers are tested in tests/mcp`;
const fixturePrompt = (prompt: string) => `gets the fixture prompt \`${prompt}\`, which only the reference server has; our promo_video prompt and completion are tested in tests/mcp`;
const fixtureResource = (uri: string) => `reads the fixture resource \`${uri}\`, which only the reference server has; reading our resources is tested in tests/mcp`;
const INPUT_REQUIRED = 'needs a tool that asks the client for more input (SEP-2322 InputRequiredResult); the catalog tools are read-only and answer at once, so they never ask';
const TASKS = 'the tasks extension (SEP-2663, an extension the suite runs but never scores): no tool here runs long enough to be a task, so the server does not offer it';
const X_MCP_HEADER = 'pending SEP-2243 custom headers: no tool of ours declares an x-mcp-header parameter, so there is nothing to check (the standard Mcp-Method/Mcp-Name checks pass)';
const diagnostic = (tool: string) => `needs the suite's diagnostic tool \`${tool}\` in tools/list, which a production server does not carry`;
const NO_SESSION = 'the endpoint is stateless with JSON answers: no Mcp-Session-Id and no event streams to poll';

/** Entries as `scenario › check id`. */
const entries = (list: [string, string, string][]) => Object.fromEntries(list.map(([scenario, check, reason]) => [`${scenario} › ${check}`, reason]));

/** Fixture calls both requirement sets make. */
const SHARED: [string, string, string][] = [
  ['completion-complete', 'completion-complete', fixturePrompt('test_prompt_with_arguments')],
  ['tools-call-simple-text', 'tools-call-simple-text', fixtureTool('test_simple_text')],
  ['tools-call-image', 'tools-call-image', fixtureTool('test_image_content')],
  ['tools-call-audio', 'tools-call-audio', fixtureTool('test_audio_content')],
  ['tools-call-embedded-resource', 'tools-call-embedded-resource', fixtureTool('test_embedded_resource')],
  ['tools-call-mixed-content', 'tools-call-mixed-content', fixtureTool('test_multiple_content_types')],
  ['tools-call-error', 'tools-call-error', fixtureTool('test_error_handling')],
  ['tools-call-with-progress', 'tools-call-with-progress', fixtureTool('test_tool_with_progress')],
  ['resources-read-text', 'resources-read-text', fixtureResource('test://static-text')],
  ['resources-read-binary', 'resources-read-binary', fixtureResource('test://static-binary')],
  ['resources-templates-read', 'resources-templates-read', fixtureResource('test://template/{id}/data')],
  ['prompts-get-simple', 'prompts-get-simple', fixturePrompt('test_simple_prompt')],
  ['prompts-get-with-args', 'prompts-get-with-args', fixturePrompt('test_prompt_with_arguments')],
  ['prompts-get-embedded-resource', 'prompts-get-embedded-resource', fixturePrompt('test_prompt_with_embedded_resource')],
  ['prompts-get-with-image', 'prompts-get-with-image', fixturePrompt('test_prompt_with_image')],
  ['json-schema-2020-12', 'json-schema-2020-12-tool-found', `pending scenario; ${fixtureTool('json_schema_2020_12_tool')}`],
];

const TASK_CHECKS: [string, string][] = [
  ['tasks-capability-negotiation', 'tasks-extension-advertised'],
  ['tasks-capability-negotiation', 'sep-2663-tasks-methods-non-declaring'],
  ['tasks-capability-negotiation', 'sep-2663-server-rejects-undeclared-client'],
  ['tasks-capability-negotiation', 'tasks-per-request-meta-opt-in'],
  ['tasks-dispatch-and-envelope', 'tasks-server-directed-creation-no-hint'],
  ['tasks-dispatch-and-envelope', 'sep-2663-legacy-task-param-ignored'],
  ['tasks-dispatch-and-envelope', 'tasks-immediate-result-shortcut'],
  ['tasks-dispatch-and-envelope', 'tasks-result-type-complete-on-non-task-responses'],
  ['tasks-dispatch-and-envelope', 'sep-2663-durable-create-strong-consistency'],
  ['tasks-dispatch-and-envelope', 'sep-2663-tasks-get-invalid-task-id-32602'],
  ['tasks-lifecycle', 'tasks-sync-tool-call'],
  ['tasks-lifecycle', 'sep-2663-result-type-task-on-create'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-working'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-completed'],
  ['tasks-lifecycle', 'sep-2663-tool-error-uses-completed-status'],
  ['tasks-lifecycle', 'sep-2663-tasks-get-status-failed'],
  ['tasks-lifecycle', 'sep-2663-cancel-ack-empty-result'],
  ['tasks-lifecycle', 'tasks-cancel-terminal-idempotent-ack'],
  ['tasks-mrtr-composition', 'sep-2663-mrtr-synchronous-before-task-creation'],
  ['tasks-mrtr-input', 'sep-2663-tasks-get-status-input-required'],
  ['tasks-mrtr-input', 'tasks-mrtr-tasks-update-resumes'],
  ['tasks-mrtr-input', 'tasks-mrtr-partial-fulfillment'],
  ['tasks-request-headers', 'tasks-headers-tolerate-mcp-method-on-tools-call'],
  ['tasks-request-headers', 'sep-2663-routing-headers-accepted-on-tasks-get'],
  ['tasks-request-headers', 'sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get'],
  ['tasks-request-state-removal', 'tasks-request-state-removal-setup'],
  ['tasks-required-task-error', 'sep-2663-server-returns-missing-capability-when-required'],
  ['tasks-wire-fields', 'tasks-wire-field-renames'],
  ['tasks-wire-fields', 'tasks-no-early-ttl-expiry'],
  ['tasks-wire-fields', 'tasks-no-related-task-meta-on-inlined-result'],
];

/** Per requirement set: `scenario › check` → why it cannot pass here. */
export const EXPECTED_FAILURES: Record<Requirements, Record<string, string>> = {
  '2026-07-28': entries([
    ...SHARED,
    ['server-stateless', 'sep-2575-server-rejects-undeclared-capability', diagnostic('test_missing_capability')],
    ['server-stateless', 'sep-2575-missing-capability-http-400', diagnostic('test_missing_capability')],
    ['server-stateless', 'sep-2575-http-server-no-independent-requests-on-stream', diagnostic('test_streaming_elicitation')],
    ['server-stateless', 'sep-2575-server-no-log-without-loglevel', diagnostic('test_logging_tool')],
    ['input-required-result-basic-elicitation', 'sep-2322-elicitation-incomplete', INPUT_REQUIRED],
    ['input-required-result-basic-sampling', 'sep-2322-sampling-incomplete', INPUT_REQUIRED],
    ['input-required-result-basic-list-roots', 'sep-2322-list-roots-incomplete', INPUT_REQUIRED],
    ['input-required-result-request-state', 'sep-2322-request-state-incomplete', INPUT_REQUIRED],
    ['input-required-result-multiple-input-requests', 'sep-2322-multiple-inputs-incomplete', INPUT_REQUIRED],
    ['input-required-result-multi-round', 'sep-2322-multi-round-r1', INPUT_REQUIRED],
    ['input-required-result-missing-input-response', 'sep-2322-missing-response-rerequests', `${INPUT_REQUIRED} (a warning: the fixture call is answered with a JSON-RPC error)`],
    ['input-required-result-non-tool-request', 'sep-2322-non-tool-incomplete', INPUT_REQUIRED],
    ['input-required-result-result-type', 'sep-2322-result-type-included', INPUT_REQUIRED],
    ['input-required-result-tampered-state', 'sep-2322-reject-tampered-state', INPUT_REQUIRED],
    ['input-required-result-capability-check', 'sep-2322-respect-client-capabilities', INPUT_REQUIRED],
    ['input-required-result-ignore-extra-params', 'sep-2322-ignore-unexpected-params', `${INPUT_REQUIRED} (a warning: the fixture call is answered with a JSON-RPC error)`],
    ...TASK_CHECKS.map(([scenario, check]): [string, string, string] => [scenario, check, TASKS]),
    ...['sep-2243-server-no-xmcp-tool', 'sep-2243-server-decode-base64', 'sep-2243-server-validate-param-match', 'sep-2243-server-reject-invalid-param-chars', 'sep-2243-server-reject-param-mismatch'].map(
      (check): [string, string, string] => ['http-custom-header-server-validation', check, X_MCP_HEADER],
    ),
  ]),
  '2025-11-25': entries([
    ...SHARED,
    ['logging-set-level', 'logging-set-level', 'logging/setLevel: the server declares no logging capability (removed in 2026-07-28; it logs nothing to clients)'],
    ['tools-call-with-logging', 'tools-call-with-logging', `${fixtureTool('test_tool_with_logging')}, and needs the logging capability`],
    ['tools-call-sampling', 'tools-call-sampling', `${fixtureTool('test_sampling')}; the server never asks the client's model`],
    ['tools-call-elicitation', 'tools-call-elicitation', `${fixtureTool('test_elicitation')}; the server never asks the person`],
    ['elicitation-sep1034-defaults', 'elicitation-sep1034-general', fixtureTool('test_elicitation_sep1034_defaults')],
    ['elicitation-sep1330-enums', 'elicitation-sep1330-general', fixtureTool('test_elicitation_sep1330_enums')],
    ['resources-subscribe', 'resources-subscribe', 'resources/subscribe: the catalog does not change while served, so the server declares subscribe: false'],
    ['resources-unsubscribe', 'resources-unsubscribe', 'resources/unsubscribe: no subscriptions (subscribe: false)'],
    ['server-sse-multiple-streams', 'server-sse-multiple-streams-session', `${NO_SESSION} (a warning)`],
    ['server-sse-polling', 'server-sse-polling-session', `pending scenario; ${NO_SESSION} (a warning)`],
  ]),
};

/**
 * Extension scenarios that no requirement set runs, so the suite runs them here by name: the
 * Skills extension (SEP-2640), which the server declares (skills/list, skills/get, skill://).
 * Every check passes but those listed in EXTENSION_SKIPS, which the suite skips as not applicable.
 */
export const EXTENSION_SCENARIOS = ['sep-2640-skills-directory', 'sep-2640-skills-enumeration', 'sep-2640-skills-manifest'] as const;

const NO_DIRECTORY = 'resources/directory/read is optional, and the catalog skill is one SKILL.md with no folders beside it, so the server does not declare directoryRead';

/** `scenario › check` → why the suite skips it here. */
export const EXTENSION_SKIPS: Record<string, string> = Object.fromEntries(
  ['capability-directory-read-flag', 'directory-read-method-registered', 'directory-read-result-resources-shape', 'directory-read-subdir-mimetype', 'directory-read-invalid-params', 'directory-read-pagination'].map((check) => [
    `sep-2640-skills-directory › sep-2640-${check}`,
    NO_DIRECTORY,
  ]),
);
