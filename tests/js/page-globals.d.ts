// What the page scripts share through the window (docs/contributing.md#page-scripts), and node's
// `module`, through which node's tests require them.
declare var module: {exports: unknown} | undefined;

interface Window {
  ludoscribeLive: typeof import("../../render/live/static/live.js");
  ludoscribeViewer: {start(): void; place(game: Element): {at: number, end: boolean} | null;
                     update(game: Element, fresh: Element): boolean;
                     t(text: string): string; tn(one: string, many: string, n: number): string};
}

interface Window {
  ludoscribeSearch: boolean;
  ludoscribeSearchIndex: {docs: {location: string, title: string, text: string}[]} | undefined;
}
