import { PlaceholderPage } from "./PlaceholderPage";

export function NotFound() {
  return (
    <PlaceholderPage
      title="Page not found"
      eyebrow="404"
      heading="Page not found"
      text="The page you were looking for doesn't exist or has moved."
    />
  );
}
