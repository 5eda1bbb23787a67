// swift-tools-version:6.0
// Only for regenerating Sources/SimulcastServer/Generated from openapi.yaml
// (scripts/generate-openapi.sh); the product's build never compiles the generator.
import PackageDescription

let package = Package(
    name: "openapi-generator-runner",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "1.14.3")
    ]
)
