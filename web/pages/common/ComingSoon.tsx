import { PlaceholderPage } from "./PlaceholderPage";

export function ComingSoon() {
  return (
    <PlaceholderPage
      title="Coming Soon"
      eyebrow="Coming Soon"
      heading="We're working on this page"
      text="This part of the site isn't ready yet. In the meantime, our team is happy to answer your questions."
    />
  );
}
