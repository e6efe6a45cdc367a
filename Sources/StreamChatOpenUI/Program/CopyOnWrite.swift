/// An object whose copy is a new object with the same members (see ``CopyOnWrite``).
protocol CopyableObject: AnyObject {
    func copy() -> Self
}

/// A value's members kept in one object shared by the value's copies until one of them changes: a value handed to
/// every render, evaluator and result then costs one reference to copy, not one per member.
struct CopyOnWrite<Object: CopyableObject>: @unchecked Sendable {
    // Safe to share across threads: the object changes only while one value holds it.
    private var object: Object

    init(_ object: Object) {
        self.object = object
    }

    /// The members, to read.
    var shared: Object { object }

    /// The members, made this value's own before a change.
    var unique: Object {
        mutating get {
            if !isKnownUniquelyReferenced(&object) { object = object.copy() }
            return object
        }
    }
}

/// A value's members kept as one struct in an object, for ``CopyOnWrite``: a value whose members need nothing but to be
/// shared by its copies declares them as a struct and holds them in one of these.
final class SharedMembers<Members>: CopyableObject {
    var members: Members

    init(_ members: Members) {
        self.members = members
    }

    func copy() -> Self { Self(members) }
}
