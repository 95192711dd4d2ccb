/** A mistake in a tool call (an unknown id, a page past the end): its message goes to the model. */
export class ToolInputError extends Error {}
