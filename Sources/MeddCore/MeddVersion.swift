/// The version both programs report (`Status`, `GetInfo`, `--version`).
public enum MeddVersion {
    public static let current = "1.0.0"
}
