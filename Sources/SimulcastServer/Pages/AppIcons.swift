/// The app's icons and web app manifest: what a phone shows when the page is added to its
/// home screen, and the browser tab's icon. All drawn from `CoverArt`'s brand palette.
enum AppIcons {
    static let svgName = "icon.svg"

    /// The PNG icons by file name: 180 px is what iOS asks for; 192 and 512 what installing needs.
    static let sizes = ["apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512]

    static func size(of name: String) -> Int? { sizes[name] }

    static let themeColour = "#101418"

    /// The web app manifest; `startURL` is where the home screen's icon opens.
    static func manifest(startURL: String) -> String {
        """
        {
          "name": "Simulcast",
          "short_name": "Simulcast",
          "description": "Listen along with friends, each on your own music service.",
          "start_url": "\(startURL)",
          "scope": "/",
          "display": "standalone",
          "background_color": "\(themeColour)",
          "theme_color": "\(themeColour)",
          "icons": [
            {"src": "/web/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/web/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "/web/icon.svg", "sizes": "any", "type": "image/svg+xml"}
          ]
        }

        """
    }
}
