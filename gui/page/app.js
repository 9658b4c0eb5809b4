// The page's code: see docs/gui-api.md for the server it talks to.
