import { Component, type ReactNode } from "react";

/**
 * Around the extras of a page that it works without (the toasts, the new-version bar): if their
 * lazily loaded code cannot be had (a deploy removed the chunk and the one reload did not bring it
 * back), the page goes on without them instead of failing. Outside the root error boundary, a
 * failure here would otherwise fail the error page too.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
