import { describe, expect, it, vi } from "vitest";
import { onFirstToast, toast } from "./toast";

const sonner = vi.hoisted(() => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));
vi.mock("sonner", () => sonner);

describe("toast", () => {
  it("loads sonner with the first toast, tells the Toaster, and passes every call on", async () => {
    const mountToaster = vi.fn();
    onFirstToast(mountToaster);
    expect(mountToaster).not.toHaveBeenCalled();

    toast.success("Saved", { description: "Week one" });
    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalledWith("Saved", { description: "Week one" }));
    expect(mountToaster).toHaveBeenCalledOnce();

    toast("Plain");
    toast.error("Failed");
    await vi.waitFor(() => {
      expect(sonner.toast).toHaveBeenCalledWith("Plain");
      expect(sonner.toast.error).toHaveBeenCalledWith("Failed");
    });

    // A Toaster mounted after the first toast is told at once.
    const late = vi.fn();
    onFirstToast(late);
    expect(late).toHaveBeenCalledOnce();
  });
});
