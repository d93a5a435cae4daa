import "server-only";
import { notFound } from "next/navigation";
import { AppError } from "./app-error";

/** For pages: a record that does not exist, or belongs to someone else, is the 404 screen. */
export async function loadOrNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}
