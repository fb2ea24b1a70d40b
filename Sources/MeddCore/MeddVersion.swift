/// The version both programs report (`Status`, `GetInfo`, `--version`).
public enum MeddVersion {
    public static let current = "0.9.0"
}
