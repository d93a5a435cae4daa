import { toast as sonner } from "sonner";
import { markToasterMounted, notify, showToast, toast, TOAST_TYPES } from "./toast";

jest.mock("sonner", () => {
  const fn = Object.assign(jest.fn(() => "default-id"), {
    success: jest.fn(() => "success-id"),
    info: jest.fn(() => "info-id"),
    warning: jest.fn(() => "warning-id"),
    error: jest.fn(() => "error-id"),
    loading: jest.fn(() => "loading-id"),
    dismiss: jest.fn(),
  });
  return { toast: fn };
});

jest.mock("next-intl", () => ({ useTranslations: jest.fn() }));

const mocked = sonner as unknown as jest.Mock & Record<"success" | "info" | "warning" | "error" | "loading" | "dismiss", jest.Mock>;

describe("toast helpers", () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    jest.clearAllMocks();
  });

  it("queues toasts until the toaster mounts, then replays them in order", () => {
    const id = toast.error("Error deleting client", { description: "Please try again later." });
    showToast("success", "Saved");
    expect(mocked.error).not.toHaveBeenCalled();
    expect(typeof id).toBe("string");

    unmount = markToasterMounted(sonner);
    expect(mocked.error).toHaveBeenCalledWith("Error deleting client", expect.objectContaining({ id, description: "Please try again later." }));
    expect(mocked.success).toHaveBeenCalledTimes(1);
    expect(mocked.error.mock.invocationCallOrder[0]).toBeLessThan(mocked.success.mock.invocationCallOrder[0]!);
  });

  it("drops a queued toast that is dismissed before mounting", () => {
    const id = toast.info("Gone");
    toast.dismiss(id);
    unmount = markToasterMounted(sonner);
    expect(mocked.info).not.toHaveBeenCalled();
  });

  it("calls sonner directly once mounted, one helper per type", () => {
    unmount = markToasterMounted(sonner);
    for (const type of TOAST_TYPES) toast[type](`${type} title`);
    expect(mocked).toHaveBeenCalledWith("default title", expect.any(Object));
    for (const type of ["success", "info", "warning", "error", "loading"] as const) {
      expect(mocked[type]).toHaveBeenCalledWith(`${type} title`, expect.any(Object));
    }
  });

  it("sends notifications to the notifications toaster", () => {
    unmount = markToasterMounted(sonner);
    notify("info", "New notification");
    expect(mocked.info).toHaveBeenCalledWith("New notification", expect.objectContaining({ toasterId: "notifications" }));
  });
});
