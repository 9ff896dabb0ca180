import { beforeEach, describe, expect, it, vi } from "vitest";

// The dashboard showed every flash as toast.success, so "Price update record failed"
// appeared as a green success toast. It shows a failure as an error toast now.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const { showFlash } = await import("./layout");

beforeEach(() => vi.clearAllMocks());

describe("the dashboard's flash toast", () => {
  it("shows an error flash as an error toast, never as a success", () => {
    showFlash("error", "Price update record failed");
    expect(toast.error).toHaveBeenCalledWith("Price update record failed");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows a success as a success and an info as an info", () => {
    showFlash("success", "Product saved");
    showFlash("info", "Skipped");
    expect(toast.success).toHaveBeenCalledWith("Product saved");
    expect(toast.info).toHaveBeenCalledWith("Skipped");
    expect(toast.error).not.toHaveBeenCalled();
  });
});
