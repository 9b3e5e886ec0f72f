export default {
  offline: {
    updateReady: "A new version of SiteSafe is ready.",
    reloadToUpdate: "Reload to update",
    unreachable: "The server cannot be reached.",
    offline: "You are offline.",
    savedAt: "What you see was saved on this device at {{date}}.",
    nothingSaved: "Nothing has been saved on this device yet.",
    waiting_one: "1 report waits in the Outbox.",
    waiting_other: "{{count}} reports wait in the Outbox.",
  },
} as const;
