extension AccessibleTree {
    /// What a screen reader must hear about since `old`: children that
    /// left or came, names, states, then focus. Bounds are compared with
    /// `settled`, the tree of the last moment nothing moved, and only when
    /// it is given, so a move reports its end once rather than every frame.
    public func events(since old: AccessibleTree, boundsSince settled: AccessibleTree?) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        let both = inOrder.filter { old[$0.key] != nil }
        for node in both {
            let before = old[node.key]!.children
            for (index, child) in before.enumerated().reversed() where !node.children.contains(child) {
                events.append(.childRemoved(parent: node.key, index: index, child: child))
            }
            for (index, child) in node.children.enumerated() where !before.contains(child) {
                events.append(.childAdded(parent: node.key, index: index, child: child))
            }
        }
        // A menu that closes gives the focus back to its button, and the
        // focus event announces the button anew: a collapse said as well
        // would say the button twice (Qt says it once).
        let refocused = focused != old.focused ? focused : nil
        for node in both {
            let before = old[node.key]!
            if node.name != before.name { events.append(.nameChanged(node.key, node.name)) }
            for state in AccessibleState.allCases where state != .focused {
                let now = node.states.contains(state)
                guard now != before.states.contains(state), !(state == .expanded && !now && node.key == refocused) else { continue }
                events.append(.stateChanged(node.key, state, now))
            }
        }
        if let settled {
            for node in inOrder where node.role != .application {
                guard let before = settled[node.key] else { continue }
                if node.frame != before.frame || node.window != before.window { events.append(.boundsChanged(node.key)) }
            }
        }
        if let frame = self[.frame], let before = old[.frame], frame.states.contains(.active) != before.states.contains(.active) {
            events.append(.windowActivated(.frame, frame.states.contains(.active)))
        }
        if focused != old.focused {
            if let before = old.focused, self[before] != nil { events.append(.stateChanged(before, .focused, false)) }
            if let after = focused { events += [.stateChanged(after, .focused, true), .focus(after)] }
        }
        return events
    }
}
