/**
 * The message namespaces the root layout hands to every page's client components: the language
 * link, the toasts, the staff's notification bell and the error boundaries (app/error.tsx and each
 * route's error.tsx render under the root layout's provider, not a page's). A page whose client
 * components need more wraps itself in components/i18n/client-messages.tsx.
 */
export const ROOT_CLIENT_NAMESPACES = ["chrome.language", "errors", "notificationsPanel", "toasts"] as const;
