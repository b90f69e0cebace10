// The widgets outside any definition, one of each, for the widget e2e test. Filled in as widgets land.
export function WidgetGallery() {
  return <div />;
}
