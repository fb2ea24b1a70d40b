import CSystemd
import Glibc

/// The paper size the user's locale prefers (`LC_ALL`, else `LC_PAPER`, else `LANG`, as glibc reads them).
public enum LocalePaper {
    /// Width and height in millimetres: A4 is 210 × 297, US letter 216 × 279. Sets this process's
    /// LC_PAPER category from the environment (nothing else reads it); the C locale says A4.
    public static func size() -> (width: Int, height: Int) {
        _ = setlocale(LC_PAPER, "")
        var width: Int32 = 0
        var height: Int32 = 0
        medd_paper_size(&width, &height)
        return (Int(width), Int(height))
    }
}
